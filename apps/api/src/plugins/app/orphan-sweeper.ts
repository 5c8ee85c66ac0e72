import fp from "fastify-plugin";
import { sweepOrphanImages } from "../../domain/images/orphans.js";

const HOUR_MS = 60 * 60 * 1000;

/** Sweeps orphaned images shortly after start-up and then hourly, off the request path. */
export default fp(
  async (app) => {
    const graceMs = app.config.orphanGraceMinutes * 60 * 1000;
    let running: Promise<unknown> | undefined;
    const sweep = () => {
      running ??= sweepOrphanImages(app.database.db, app.storage, graceMs)
        .catch((error) => app.log.warn({ err: error }, "orphan image sweep failed"))
        .finally(() => {
          running = undefined;
        });
      return running;
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook("onReady", async () => {
      void sweep();
      timer = setInterval(sweep, HOUR_MS);
      timer.unref();
    });
    // A sweep in progress finishes before storage and the database close (a start that fails, e.g. on a
    // taken port, closes right after onReady).
    app.addHook("onClose", async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: "orphan-sweeper", dependencies: ["database", "storage"] },
);
