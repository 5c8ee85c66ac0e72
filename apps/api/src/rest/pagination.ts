import type { FastifyReply, FastifyRequest } from "fastify";

/** Adds an RFC 8288 Link header for the next page (as GitHub's REST API does); the body stays a JSON array. */
export function sendPage<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  page: { items: T[]; nextCursor: string | null },
) {
  if (page.nextCursor) {
    const url = new URL(request.url, "http://placeholder");
    url.searchParams.set("cursor", page.nextCursor);
    reply.header("Link", `<${url.pathname}${url.search}>; rel="next"`);
  }
  return page.items;
}

/** Query-string numbers and booleans as the procedures expect them; anything else is passed on to fail validation. */
export function queryNumber(value: string | undefined): number | undefined {
  if (value === undefined || value === "") return undefined;
  return /^\d+$/.test(value) ? Number(value) : (value as unknown as number);
}

export function queryBoolean(value: string | undefined): boolean | undefined {
  if (value === undefined || value === "") return undefined;
  if (value === "true") return true;
  if (value === "false") return false;
  return value as unknown as boolean;
}
