import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import fp from "fastify-plugin";
import { describeImageJobFailure, imageJobWork } from "../../domain/admin/image-jobs.js";
import { JobRunner } from "../../domain/jobs/runner.js";

/**
 * Runs the image tools' background jobs in this process (domain/jobs, domain/admin/image-jobs.ts): from ready until close,
 * when it stops after the batch in hand and hands the job back for the next process to carry on.
 */
export default fp(
  async (app) => {
    const { leaseMs, batchDelayMs } = app.config.imageJobs;
    const runner = new JobRunner({
      db: app.database.db,
      owner: `${hostname()}/${process.pid}/${randomUUID()}`,
      leaseMs,
      batchDelayMs,
      work: (job) => imageJobWork({ db: app.database.db, storage: app.storage, dataDir: app.config.dataDir }, job),
      describeFailure: describeImageJobFailure,
      log: app.log,
    });
    app.addHook("onReady", async () => runner.start());
    // Registered after the database and storage, so this runs before they close.
    app.addHook("onClose", () => runner.stop());
  },
  { name: "image-jobs", dependencies: ["database", "storage"] },
);
