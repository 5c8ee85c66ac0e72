import fp from "fastify-plugin";
import { sweepOrphanImages } from "../../domain/images/orphans.js";
import { repeatWhileOpen } from "./repeat.js";

const HOUR_MS = 60 * 60 * 1000;

/** Sweeps orphaned images shortly after start-up and then hourly, off the request path. */
export default fp(
  async (app) => {
    const graceMs = app.config.orphanGraceMinutes * 60 * 1000;
    repeatWhileOpen(app, HOUR_MS, "orphan image sweep failed", () =>
      sweepOrphanImages(app.database.db, app.storage, graceMs),
    );
  },
  { name: "orphan-sweeper", dependencies: ["database", "storage"] },
);
