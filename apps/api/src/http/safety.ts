import { BLOCKED_TAGS_MAX, safetySettingsResponseSchema, safetySettingsSchema } from "@gallery/schema";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { readSafetySettings, updateSafetySettings } from "../domain/members/safety.js";
import { errors } from "./docs.js";
import { depsOf, viewerOf } from "./request.js";

/** A member's safety settings: tag blocklist and NSFW display (domain/members/safety.ts). */
export const safetyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/user/settings",
    {
      config: { access: "member" },
      schema: {
        operationId: "getSafetySettings",
        summary: "The caller's safety settings",
        description:
          "The tag blocklist (lower-cased) and how NSFW images are shown: show (default), blur (a blurred image made by the server until revealed), hide (no NSFW listings whatever the content filter says).",
        tags: ["users"],
        response: { 200: safetySettingsResponseSchema, ...errors(401, 503) },
      },
    },
    async (request) => readSafetySettings(depsOf(request), await viewerOf(request)),
  );

  app.put(
    "/user/settings",
    {
      config: { access: "member" },
      schema: {
        operationId: "updateSafetySettings",
        summary: "Replaces the caller's safety settings",
        description: `Both fields every time. Listings carrying any blocked tag (compared case-insensitively) never reach the caller from any list, and the tag facets leave them out; at most ${BLOCKED_TAGS_MAX} tags. A refused input (400 with the reason) changes nothing.`,
        tags: ["users"],
        body: safetySettingsSchema,
        response: { 200: safetySettingsResponseSchema, ...errors(400, 401, 429, 503) },
      },
    },
    async (request) => updateSafetySettings(depsOf(request), await viewerOf(request), request.body),
  );
};
