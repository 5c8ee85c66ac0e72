import { IMAGE_MAX_BYTES } from "@gallery/schema";
import { getTRPCErrorShape, TRPCError } from "@trpc/server";
import { incomingMessageToRequest } from "@trpc/server/adapters/node-http";
import { type HTTPBaseHandlerOptions, resolveResponse } from "@trpc/server/http";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { neverShedPaths } from "../../calls/call.js";
import { calls } from "../../calls/index.js";
import { badTokenBudget, RateLimitedError, spend } from "../../calls/limits.js";
import { asUnavailable, InvalidApiTokenError } from "../../domain/errors.js";
import { discardRestOfBody, sendError } from "../../http/errors.js";
import { unavailableMessage } from "../../services/unavailable.js";
import { createContext } from "../../trpc/context.js";
import { toTRPCError } from "../../trpc/errors.js";
import { type AppRouter, appRouter } from "../../trpc/router.js";
import { overloaded } from "../external/under-pressure.js";

/** The calls a page needs to know who is signed in (calls/auth.ts `neverShed`). */
const NEVER_SHED = neverShedPaths(calls);

/** An upload's FormData: the image (under 5 MB) plus its text fields and multipart framing. */
export const FORM_BODY_MAX = IMAGE_MAX_BYTES + 64 * 1024;

const isMultipart = (contentType: string | undefined) => (contentType ?? "").startsWith("multipart/form-data");

/**
 * The tRPC routers at /trpc, for the web app and any typed client. JSON bodies are read by Fastify
 * (bodyLimit); FormData bodies (uploads) are streamed to tRPC with a bound, so a huge one is refused
 * (413) without being buffered: a declared length over it at once, an undeclared one once it gets there.
 */
export default fp(
  async (app) => {
    await app.register(async (scope: FastifyInstance) => {
      scope.removeContentTypeParser("application/json");
      scope.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => done(null, body));
      scope.removeContentTypeParser("multipart/form-data");
      // Left unread: tRPC reads the stream itself, bounded below.
      scope.addContentTypeParser("multipart/form-data", (_request, _payload, done) => done(null, undefined));

      const onError: HTTPBaseHandlerOptions<AppRouter, Request>["onError"] = ({ error, path }) => {
        if (error.code === "INTERNAL_SERVER_ERROR") app.log.error({ err: error.cause ?? error, path }, "tRPC error");
      };

      /** A call refused over its limit (trpc/init.ts) says how long to wait, as REST does: the longest wait of a batch. */
      const responseMeta: HTTPBaseHandlerOptions<AppRouter, Request>["responseMeta"] = ({ errors }) => {
        const waits = errors.flatMap((error) => (error.cause instanceof RateLimitedError ? [error.cause] : []));
        if (waits.length === 0) return {};
        return { headers: { "retry-after": String(Math.max(...waits.map((wait) => wait.retryAfterSeconds))) } };
      };

      /** The call's context; a token that is no one's counts by address against the tokens' budget (then 401). */
      const contextOf = async (request: FastifyRequest) => {
        try {
          return await createContext(request);
        } catch (error) {
          if (error instanceof TRPCError && error.cause instanceof InvalidApiTokenError) {
            await spend(app.database.db, badTokenBudget(request.ip, app.config.rateLimit)).catch((limited) => {
              throw toTRPCError(limited) ?? limited;
            });
          }
          throw error;
        }
      };

      // A backing service down or too busy before the call reaches tRPC (loading the session) still answers in tRPC's shape.
      scope.setErrorHandler<FastifyError>((error, request, reply) => {
        const unavailable = asUnavailable(error);
        if (!unavailable) return sendError(error, request, reply);
        request.log.warn({ err: error }, unavailable.message);
        const trpcError = new TRPCError({ code: "SERVICE_UNAVAILABLE", message: unavailable.message });
        return reply.status(503).send(errorBody(trpcError, (request.params as { path: string }).path));
      });
      const config = {
        // A request of only the calls a page needs to know who is signed in (`auth.user,auth.clientConfig`).
        neverShed: (request: FastifyRequest) =>
          (request.params as { path?: string }).path?.split(",").every((path) => NEVER_SHED.has(path)) ?? false,
        // Turned away under pressure (plugins/external/under-pressure.ts) with tRPC's error shape.
        pressureHandler: (request: FastifyRequest, reply: FastifyReply) =>
          overloaded(
            reply,
            errorBody(
              new TRPCError({ code: "SERVICE_UNAVAILABLE", message: unavailableMessage("server") }),
              (request.params as { path: string }).path,
            ),
          ),
      };
      scope.all<{ Params: { path: string } }>("/trpc/:path", { config }, async (request, reply) => {
        const multipart = isMultipart(request.headers["content-type"]);
        const raw = request.raw as typeof request.raw & { body?: unknown };
        if (multipart) {
          if (Number(request.headers["content-length"] ?? 0) > FORM_BODY_MAX) {
            const body = errorBody(new TRPCError({ code: "PAYLOAD_TOO_LARGE" }), request.params.path);
            reply.header("connection", "close");
            discardRestOfBody(request, reply);
            return reply.status(413).send(body);
          }
        } else if (request.body !== undefined) {
          raw.body = request.body;
        }
        const req = incomingMessageToRequest(raw, reply.raw, { maxBodySize: multipart ? FORM_BODY_MAX : null });
        const response = await resolveResponse({
          router: appRouter,
          req,
          path: request.params.path,
          error: null,
          createContext: () => contextOf(request),
          onError,
          responseMeta,
        });
        // A body left unread (refused over the bound) is read and dropped after the answer, so the client
        // reads the answer before the connection ends (errors.ts: a close with unread bytes is a reset).
        if (multipart && !request.raw.complete) {
          reply.header("connection", "close");
          discardRestOfBody(request, reply);
        }
        return reply.send(response);
      });
    });
  },
  { name: "trpc", dependencies: ["current-user", "storage", "identity"] },
);

/** tRPC's error answer to a call refused before it is read (a body over the bound, the server overloaded). */
function errorBody(error: TRPCError, path: string) {
  return {
    error: getTRPCErrorShape({
      config: appRouter._def._config,
      error,
      type: "mutation",
      path,
      input: undefined,
      ctx: undefined,
    }),
  };
}
