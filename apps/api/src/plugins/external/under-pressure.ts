import underPressure from "@fastify/under-pressure";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { unavailableMessage } from "../../services/unavailable.js";
import { RETRY_AFTER_SECONDS } from "../app/errors.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Answers a request turned away under pressure in the route's own error shape (tRPC's, for /trpc). */
    pressureHandler?: (request: FastifyRequest, reply: FastifyReply) => unknown;
  }
}

/**
 * Overload: while the event loop's mean delay is over OVERLOAD_EVENT_LOOP_DELAY_MS (the CPU is starved,
 * so every request would wait longer than that), new requests answer 503 with Retry-After at once,
 * before their body is read or anything is written, instead of piling up until clients time out.
 * (Waiting for a database connection has its own bound: OVERLOAD_DATABASE_WAIT_MS, plugins/app/database.ts.)
 */
export default fp(
  async (app) => {
    const maxEventLoopDelay = app.config.overload.eventLoopDelayMs;
    if (maxEventLoopDelay === 0) return;
    await app.register(underPressure, {
      maxEventLoopDelay,
      // Sampled often enough that a starved process notices within a fraction of a second.
      sampleInterval: 250,
      // Typed as returning nothing, but what a handler returns is sent.
      pressureHandler: ((_request: FastifyRequest, reply: FastifyReply) =>
        overloaded(reply, { message: unavailableMessage("server") })) as never,
    });
  },
  { name: "under-pressure", dependencies: ["config"] },
);

/** 503 with Retry-After and the given body (under-pressure sends what a handler returns). */
export function overloaded(reply: FastifyReply, body: unknown) {
  reply.status(503).header("retry-after", RETRY_AFTER_SECONDS);
  return body;
}
