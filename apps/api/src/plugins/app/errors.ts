import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { INTERNAL_ERROR } from "../../domain/errors.js";
import { unavailableMessage, unavailablePart } from "../../services/unavailable.js";

/** Seconds a client should wait before trying again after a 503. */
export const RETRY_AFTER_SECONDS = "5";

/** The one answer to a JSON body over the limit (REST and /trpc alike). */
export const BODY_TOO_LARGE = "Request body too large";

/** How much of a refused body is read and dropped to keep its connection; a larger one ends the connection. */
export const DISCARD_MAX_BYTES = 16 * 1024 * 1024;

/**
 * Fastify refuses a body over its limit with `Connection: close`, and a socket closed with unread bytes makes the
 * kernel send a reset that can destroy the 413 before the client reads it. So the rest of the body is read and
 * dropped (up to DISCARD_MAX_BYTES) and the connection stays open for the next request. Also used by /trpc for a
 * FormData body refused over its bound.
 */
export function discardRestOfBody(request: FastifyRequest, reply: FastifyReply) {
  const raw = request.raw;
  if (raw.complete || Number(request.headers["content-length"]) > DISCARD_MAX_BYTES) return;
  reply.removeHeader("connection");
  let discarded = 0;
  raw.on("data", (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DISCARD_MAX_BYTES) raw.socket?.destroy();
  });
  raw.resume();
}

/** Answers an error as `{ message }`: 503 naming a backing service that is down, no internals for a 500. */
export function sendError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
    discardRestOfBody(request, reply);
    return reply.status(413).send({ message: BODY_TOO_LARGE });
  }
  const part = unavailablePart(error);
  if (part) {
    request.log.warn({ err: error }, `${part} unavailable`);
    return reply.status(503).send({ message: unavailableMessage(part) });
  }
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    // The stack goes to the log only: an answer never carries internals (stack frames, paths, queries).
    request.log.error({ err: error }, "request failed");
    return reply.status(status).send({ message: INTERNAL_ERROR });
  }
  return reply.status(status).send({ message: error.message });
}

/**
 * The last word on errors outside the REST adapter (images, sessions, web): a backing service that
 * is down answers 503 with what is down; anything unexpected is a 500 without internals.
 */
export default fp(
  async (app) => {
    app.setErrorHandler(sendError);
    // Every 503 (a service down or the server too busy, over REST, tRPC or the health check) says
    // when to come back, so a client retries instead of failing.
    app.addHook("onSend", (_request, reply, payload, done) => {
      if (reply.statusCode === 503 && !reply.hasHeader("retry-after")) reply.header("retry-after", RETRY_AFTER_SECONDS);
      done(null, payload);
    });
  },
  { name: "errors" },
);
