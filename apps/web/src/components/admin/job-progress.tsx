import type { ImageJob } from "@gallery/schema";

const WORKING: Record<ImageJob["kind"], string> = {
  migrate: "Migrating images to cloud storage…",
  repair: "Checking every chatbot image and repairing broken ones…",
};

/** A running image job: what it does and how far it got (done of total, as the server counts them). */
export function JobProgress({ job }: { job: ImageJob }) {
  const known = job.total !== null && job.total > 0;
  const percent = known ? Math.min(100, Math.round((job.done / job.total!) * 100)) : 0;
  const label = WORKING[job.kind];
  return (
    <div className="space-y-1.5">
      <div className="flex justify-between gap-2 text-sm text-muted-foreground">
        <span>{label}</span>
        <span className="tabular-nums">{job.total === null ? "Counting…" : `${job.done} / ${job.total}`}</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={job.total ?? undefined}
        aria-valuenow={job.total === null ? undefined : job.done}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width] duration-500" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
