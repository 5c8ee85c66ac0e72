import { accountStatsSchema, idSchema, listingStatsSchema } from "@gallery/schema";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { accountStats, listingStats } from "../domain/stats/reports.js";
import { errors } from "./docs.js";
import { depsOf, viewerOf } from "./request.js";

/** "Track performance": unique views and click-outs per platform, per day of the last 30. */
export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/user/stats",
    {
      config: { access: "member" },
      schema: {
        operationId: "getOwnStats",
        summary: "The caller's listings' views and click-outs",
        description: "The last 30 days (UTC), every day listed: the account's totals and days, and each listing's.",
        tags: ["chatbots"],
        response: { 200: accountStatsSchema, ...errors(401, 503) },
      },
    },
    async (request) => accountStats(depsOf(request), await viewerOf(request)),
  );

  app.get(
    "/chatbots/:id/stats",
    {
      config: { access: "member" },
      schema: {
        operationId: "getChatbotStats",
        summary: "One listing's views and click-outs",
        description: "The last 30 days (UTC), every day listed. Its owner and moderators only (404 for anyone else).",
        tags: ["chatbots"],
        params: z.object({ id: idSchema }),
        response: { 200: listingStatsSchema, ...errors(400, 401, 404, 503) },
      },
    },
    async (request) => listingStats(depsOf(request), await viewerOf(request), request.params),
  );
};
