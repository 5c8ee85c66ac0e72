import fp from "fastify-plugin";
import { RETRY_AFTER_SECONDS, sendError } from "../../http/errors.js";

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
