import { setTimeout as sleep } from "node:timers/promises";
import type { ImageJob, ImageJobKind } from "@gallery/schema";
import { recordAudit } from "../audit/record.js";
import type { Deps } from "../deps.js";
import { asUnavailable, DomainError, NotFoundError, UnavailableError } from "../errors.js";
import type { MaintenanceDeps } from "../images/maintenance.js";
import { migrationWork, repairWork } from "../images/maintenance-jobs.js";
import type { JobWork } from "../jobs/runner.js";
import { jobCreated } from "../jobs/signal.js";
import { createJob, findJob, type JobState, latestJob } from "../jobs/store.js";
import { requireSuperAdmin, type Viewer } from "../policy.js";

/**
 * The super admin's image tools (Migrate Images to Cloud, Repair Broken Images) as background jobs:
 * starting one returns at once, any api process runs it (runner.ts), and its progress is read here.
 */

export const IMAGE_JOB_BUSY = "Another image job is already running. Try again when it has finished.";
export const IMAGE_JOB_NOT_FOUND = "Image job not found";

/** The spec's failure messages (section 8), what a failed job says unless its cause has a clearer one. */
const FAILURE: Record<ImageJobKind, string> = {
  migrate: "Failed to migrate images to cloud storage",
  repair: "Failed to repair broken images",
};

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

export function toImageJob(job: JobState): ImageJob {
  const common = {
    id: job.id,
    status: job.status,
    done: job.done,
    total: job.total,
    error: job.error,
    createdAt: iso(job.createdAt)!,
    finishedAt: iso(job.finishedAt),
  };
  const counts = (name: string) => job.counts[name] ?? 0;
  return job.kind === "migrate"
    ? { kind: "migrate", ...common, result: { migrated: counts("migrated") } }
    : { kind: "repair", ...common, result: { repaired: counts("repaired"), total: counts("broken") } };
}

/** Starts a job (super admins only). 503 if the object storage is down, 409 while another job runs. */
export async function startImageJob(deps: Deps, viewer: Viewer, input: { kind: ImageJobKind }): Promise<ImageJob> {
  const superAdmin = requireSuperAdmin(viewer);
  await deps.storage.ping();
  // The job and its audit entry together: a job refused as busy leaves no entry, a started one always has one.
  const job = await deps.db.transaction().execute(async (trx) => {
    const created = await createJob(trx, input.kind, IMAGE_JOB_BUSY);
    await recordAudit(trx, {
      action: "imageJob.start",
      moderator: superAdmin,
      target: { kind: "job", id: created.id, label: `image ${input.kind}` },
      after: { kind: input.kind },
    });
    return created;
  });
  jobCreated(deps.db);
  return toImageJob(job);
}

/** The running job, else the last one (null before the first). */
export async function currentImageJob(deps: Deps, viewer: Viewer): Promise<ImageJob | null> {
  requireSuperAdmin(viewer);
  const job = await latestJob(deps.db);
  return job ? toImageJob(job) : null;
}

export async function readImageJob(deps: Deps, viewer: Viewer, input: { id: string }): Promise<ImageJob> {
  requireSuperAdmin(viewer);
  const job = await findJob(deps.db, input.id);
  if (!job) throw new NotFoundError(IMAGE_JOB_NOT_FOUND);
  return toImageJob(job);
}

const POLL_MS = 200;

/**
 * The job once it has finished, or as it stands after `timeoutMs` (it may run on another process).
 * A job that failed because a service went down is a 503: retrying starts a job that carries on.
 */
export async function waitForImageJob(
  deps: Deps,
  viewer: Viewer,
  input: { id: string },
  timeoutMs: number,
): Promise<ImageJob> {
  requireSuperAdmin(viewer);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await findJob(deps.db, input.id);
    if (!job) throw new NotFoundError(IMAGE_JOB_NOT_FOUND);
    if (job.status === "failed" && job.errorRetryable)
      throw new UnavailableError(job.error ?? FAILURE[job.kind as ImageJobKind]);
    if (job.status !== "running" || Date.now() >= deadline) return toImageJob(job);
    await sleep(Math.min(POLL_MS, Math.max(0, deadline - Date.now())));
  }
}

/** What a job of this kind does (for the runner). */
export function imageJobWork(deps: MaintenanceDeps, job: JobState): JobWork {
  return job.kind === "migrate" ? migrationWork(deps) : repairWork(deps);
}

/** A failed job's message: a service that is down says so (retrying helps), anything else the spec's failure. */
export function describeImageJobFailure(job: JobState, error: unknown) {
  if (error instanceof UnavailableError) return { message: error.message, retryable: true };
  const unavailable = asUnavailable(error);
  if (unavailable) return { message: unavailable.message, retryable: true };
  const fallback = FAILURE[job.kind as ImageJobKind] ?? "The job failed";
  return { message: error instanceof DomainError ? error.message : fallback, retryable: false };
}
