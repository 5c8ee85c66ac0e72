import {
  adminUserInputSchema,
  type ImageJob,
  type ImageJobKind,
  imageJobSchema,
  imageMigrationResultSchema,
  imageRepairResultSchema,
} from "@gallery/schema";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { callContext } from "../calls/context.js";
import { readImageJob, startImageJob, waitForImageJob } from "../domain/admin/image-jobs.js";
import { errors } from "./docs.js";
import { errorBody } from "./errors.js";
import { errorStatuses } from "./routes.js";

const tags = ["admin"];

const stillRunning = imageJobSchema.describe(
  "The job is still running after the wait: its progress so far. Follow the Location header (GET) until its status is no longer running.",
);
/** A job that failed answers 500 with the spec's failure message (503 if a service went down: retry). */
const jobErrors = errors(
  ...errorStatuses({ method: "POST", input: false, access: "superAdmin", scope: "admin", errors: [409] }),
);

/** The spec's two image tools: each path starts its kind of job and waits for it. */
const JOB_ROUTES = [
  {
    kind: "migrate",
    path: "/admin/migrate-images",
    operationId: "migrateImages",
    summary: "Move images held outside object storage into it",
    result: imageMigrationResultSchema,
  },
  {
    kind: "repair",
    path: "/admin/repair-images",
    operationId: "repairImages",
    summary: "Repair listings whose image is missing",
    result: imageRepairResultSchema,
  },
] as const satisfies ReadonlyArray<{
  kind: ImageJobKind;
  path: string;
  operationId: string;
  summary: string;
  result: unknown;
}>;

/**
 * Starts the job, waits for it up to IMAGE_JOB_WAIT_SECONDS, then answers the spec's result (200),
 * or the job as it stands (202) with where to follow it.
 */
async function runImageJob(request: FastifyRequest, reply: FastifyReply, kind: ImageJobKind) {
  const ctx = await callContext(request);
  const started = await startImageJob(ctx, ctx.user, { kind });
  const job = await waitForImageJob(ctx, ctx.user, started, ctx.config.imageJobs.waitMs);
  return sendOutcome(reply, job);
}

function sendOutcome(reply: FastifyReply, job: ImageJob) {
  if (job.status === "succeeded") return reply.status(200).send(job.result);
  if (job.status === "failed") return reply.status(500).send(errorBody(500, job.error ?? "The job failed"));
  return reply.status(202).header("location", `/api/admin/image-jobs/${job.id}`).send(job);
}

/**
 * The super admin's image tools (spec section 6) as background jobs (docs/admin.md). By hand: each spec path
 * starts a job and waits for it (tRPC's admin.startImageJob starts one, admin.imageJob follows it).
 */
export const imageJobRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const job of JOB_ROUTES) {
    app.post(
      job.path,
      {
        config: { access: "superAdmin", scope: "admin" },
        schema: {
          operationId: job.operationId,
          summary: job.summary,
          description:
            "Starts a background job (409 while another image job runs) and waits for it up to a bound " +
            "(IMAGE_JOB_WAIT_SECONDS, 20 s by default): 200 with the result, or 202 with the running job.",
          tags,
          response: { 200: job.result, 202: stillRunning, ...jobErrors },
        },
      },
      (request, reply) => runImageJob(request, reply, job.kind),
    );
  }

  app.get(
    "/admin/image-jobs/:id",
    {
      config: { access: "superAdmin", scope: "admin" },
      schema: {
        operationId: "getImageJob",
        summary: "An image job's progress and result",
        description: "`done` of `total` items examined; `result` holds the counts so far, final once it has succeeded.",
        tags,
        params: adminUserInputSchema,
        response: {
          200: imageJobSchema,
          ...errors(
            ...errorStatuses({ method: "GET", input: true, access: "superAdmin", scope: "admin", errors: [404] }),
          ),
        },
      },
    },
    async (request) => {
      const ctx = await callContext(request);
      return readImageJob(ctx, ctx.user, request.params);
    },
  );
};
