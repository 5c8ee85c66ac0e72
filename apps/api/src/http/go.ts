import { idSchema } from "@gallery/schema";
import { isPlatform, UNKNOWN_PLATFORM_TEXTS } from "@gallery/schema/platforms";
import type { FastifyRequest } from "fastify";
import { type FastifyPluginAsyncZod, validatorCompiler } from "fastify-type-provider-zod";
import { z } from "zod";
import { NotFoundError } from "../domain/errors.js";
import { clickOut } from "../domain/stats/events.js";
import { addressOf, type Visitor } from "../domain/stats/visitor.js";
import { sendHttpError } from "./errors.js";

/** Who asks, for the day's keyed hashes (domain/stats/visitor.ts); none of these values is stored. */
export const visitorOf = (request: FastifyRequest): Visitor => ({
  ip: request.ip,
  userAgent: request.headers["user-agent"],
  // The session is already restored for a request with its cookie: no database read here.
  memberId: request.session?.get("userId") ?? null,
});

/**
 * GET /go/{id}/{platform}: the platform buttons (card and listing page) link here; the answer is a
 * 302 to the platform's URL at once, and the click is counted in the next batch (once per visitor,
 * listing, platform and day; bots not at all). A platform the registry does not have is a wrong address, not
 * a dead link: 404 saying so (and its own page for a browser).
 */
export const goRoutes: FastifyPluginAsyncZod = async (app) => {
  app.setValidatorCompiler(validatorCompiler);
  app.setErrorHandler(sendHttpError);
  app.get(
    "/go/:id/:platform",
    {
      // Outside /api, so not in the OpenAPI document: a browser link, not a call for tools. A dead link
      // followed in a browser is answered as the app's page (plugins/app/error-pages.ts).
      config: {
        errorPage: (request) =>
          isPlatform((request.params as { platform?: string }).platform ?? "") ? "dead-link" : "wrong-address",
        // Per address (an IPv6 /64 as one), whatever the client sends: RATE_LIMIT_GO a minute, then 429.
        rateLimit: {
          max: app.config.goPerMinute,
          timeWindow: 60_000,
          keyGenerator: (request: FastifyRequest) => `go:${addressOf(request.ip)}`,
        },
      },
      // Any platform name is a route match: one the registry lacks is answered 404 below, not 400.
      schema: { params: z.object({ id: idSchema, platform: z.string() }) },
    },
    async (request, reply) => {
      const { platform } = request.params;
      if (!isPlatform(platform)) throw new NotFoundError(UNKNOWN_PLATFORM_TEXTS.refusal);
      const url = await clickOut(
        request.server.database.db,
        () => request.currentUser(),
        { id: request.params.id, platform, visitor: visitorOf(request) },
        request.server.listingStats,
      );
      return reply.header("Cache-Control", "no-store").redirect(url, 302);
    },
  );
};
