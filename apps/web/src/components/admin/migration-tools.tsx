import { Button, Card, CardContent, CardHeader, CardTitle } from "@gallery/ui";
import { CloudUpload, Loader2, Wrench } from "lucide-react";
import { JobProgress } from "./job-progress";
import { useImageJob } from "./use-image-job";

/**
 * Super admins only. Each tool starts a background job on the server; the card shows its progress
 * (also after a reload, or when started elsewhere) and the result toast when it ends.
 */
export function MigrationTools() {
  const { job, start, starting } = useImageJob();
  const running = job?.status === "running" ? job : null;
  const busy = starting || running !== null;
  const spinning = (kind: "migrate" | "repair") => running?.kind === kind;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Migration Tools</CardTitle>
        <p className="text-sm text-muted-foreground">
          Move images still stored outside object storage into it, or repair listings whose image is missing.
        </p>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => start("migrate")} disabled={busy}>
            {spinning("migrate") ? (
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
            ) : (
              <CloudUpload className="h-4 w-4" aria-hidden />
            )}
            Migrate Images to Cloud
          </Button>
          <Button variant="outline" onClick={() => start("repair")} disabled={busy}>
            {spinning("repair") ? (
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
            ) : (
              <Wrench className="h-4 w-4" aria-hidden />
            )}
            Repair Broken Images
          </Button>
        </div>
        <div role="status" aria-live="polite">
          {running && <JobProgress job={running} />}
        </div>
      </CardContent>
    </Card>
  );
}
