import type { FastifyReply, FastifyRequest } from "fastify";
import { pageJsonOf } from "../domain/listings/read-model.js";

/**
 * Adds an RFC 8288 Link header for the next page (as GitHub's REST API does); the body stays a JSON array.
 * A page of listings nobody has read yet goes out as the JSON text PostgreSQL built (read-model.ts).
 */
export function sendPage<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  page: { items: T[]; nextCursor: string | null },
): T[] | FastifyReply {
  if (page.nextCursor) {
    const queryStart = request.url.indexOf("?");
    const path = queryStart < 0 ? request.url : request.url.slice(0, queryStart);
    const params = new URLSearchParams(queryStart < 0 ? "" : request.url.slice(queryStart + 1));
    params.set("cursor", page.nextCursor);
    reply.header("Link", `<${path}?${params}>; rel="next"`);
  }
  const json = pageJsonOf(page);
  if (json === undefined) return page.items;
  return reply.type("application/json; charset=utf-8").send(json);
}
