import fp from "fastify-plugin";
import { sweepOrphanImages } from "../../domain/images/orphans.js";

const HOUR_MS = 60 * 60 * 1000;

/** Sweeps orphaned images shortly after start-up and then hourly, off the request path. */
export default fp(
  async (app) => {
    const graceMs = app.config.orphanGraceMinutes * 60 * 1000;
    const sweep = () =>
      sweepOrphanImages(app.database.db, app.storage, graceMs).catch((error) =>
        app.log.warn({ err: error }, "orphan image sweep failed"),
      );
    let timer: NodeJS.Timeout | undefined;
    app.addHook("onReady", async () => {
      void sweep();
      timer = setInterval(sweep, HOUR_MS);
      timer.unref();
    });
    app.addHook("onClose", async () => clearInterval(timer));
  },
  { name: "orphan-sweeper", dependencies: ["database", "storage"] },
);
