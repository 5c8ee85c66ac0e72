import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { unavailableMessage, unavailablePart } from "../../services/unavailable.js";

/** Seconds a client should wait before trying again after a 503. */
export const RETRY_AFTER_SECONDS = "5";

/** Answers an error as `{ message }`: 503 naming a backing service that is down, no internals for a 500. */
export function sendError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const part = unavailablePart(error);
  if (part) {
    request.log.warn({ err: error }, `${part} unavailable`);
    return reply.status(503).send({ message: unavailableMessage(part) });
  }
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err: error }, "request failed");
    return reply.status(status).send({ message: "Internal Server Error" });
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
