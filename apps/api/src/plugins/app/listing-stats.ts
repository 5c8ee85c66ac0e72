import fp from "fastify-plugin";
import { rebalanceSearchTiers } from "../../domain/listings/search-tiers.js";
import { StatsRecorder } from "../../domain/stats/recorder.js";
import { refreshScores } from "../../domain/stats/scores.js";
import { repeatWhileOpen } from "./repeat.js";

/** How often the popular and trending scores are recomputed from the daily counts. */
const SCORES_EVERY_MS = 5 * 60_000;

/**
 * Counts listing page views and click-outs off the request path, writes what is left on a graceful
 * stop (before the database closes: onClose hooks run in reverse order), and keeps the gallery's
 * popular and trending scores fresh, with the search's popularity tiers (one replica at a time).
 */
export default fp(
  async (app) => {
    const recorder = new StatsRecorder(app.database.db, {
      onError: (error) => app.log.warn({ err: error }, "view and click counts not written yet"),
    });
    app.decorate("listingStats", recorder);

    // The search's popularity tiers follow the scores (domain/listings/search-tiers.ts).
    repeatWhileOpen(app, SCORES_EVERY_MS, "popularity scores not refreshed", async () => {
      await refreshScores(app.database.db);
      await rebalanceSearchTiers(app.database.db);
    });
    app.addHook("onClose", async () => {
      await recorder.close();
    });
  },
  { name: "listing-stats", dependencies: ["database"] },
);
