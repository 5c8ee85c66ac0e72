import type { FastifyReply, FastifyRequest } from "fastify";

/** Adds an RFC 8288 Link header for the next page (as GitHub's REST API does); the body stays a JSON array. */
export function sendPage<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  page: { items: T[]; nextCursor: string | null },
): T[] {
  if (page.nextCursor) {
    const url = new URL(request.url, "http://placeholder");
    url.searchParams.set("cursor", page.nextCursor);
    reply.header("Link", `<${url.pathname}${url.search}>; rel="next"`);
  }
  return page.items;
}
