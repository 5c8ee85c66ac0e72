import type { FastifyError } from "fastify";
import fp from "fastify-plugin";
import { unavailableMessage, unavailablePart } from "../../services/unavailable";

/**
 * The last word on errors outside the REST adapter (images, sessions, web): a backing service that
 * is down answers 503 with what is down; anything unexpected is a 500 without internals.
 */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
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
    });
  },
  { name: "errors" },
);
