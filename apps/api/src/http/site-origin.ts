import { randomBytes } from "node:crypto";
import type { FastifyRequest } from "fastify";

/**
 * The origins of the requests this server makes of itself (http/first-reads.ts), by a one-time random key the
 * inner request carries: only a request made by this process, while it is in flight, can name one, so no client
 * header ever chooses an origin another visitor is answered with.
 */
const INNER_ORIGIN_HEADER = "x-gallery-inner-request";
const innerOrigins = new Map<string, string>();

/** The origin the request came to: an inner request's outer one, else its own protocol and host. */
export function requestOrigin(request: FastifyRequest): string {
  const key = request.headers[INNER_ORIGIN_HEADER];
  const inner = typeof key === "string" ? innerOrigins.get(key) : undefined;
  return inner ?? `${request.protocol}://${request.host}`;
}

/**
 * The site's address for absolute links (heads, feeds, sitemap, error pages, image URLs): PUBLIC_URL when set, else
 * the origin the request came to.
 */
export const siteOrigin = (request: FastifyRequest): string =>
  request.server.config.publicUrl ?? requestOrigin(request);

/**
 * Runs a request of this server to itself on behalf of `outer`, answered for the outer request's origin (as
 * resolved for it, TRUST_PROXY applied to its own peer): `ask` gets the one header that names it.
 */
export async function askAsInner<T>(outer: FastifyRequest, ask: (header: Record<string, string>) => Promise<T>) {
  const key = randomBytes(18).toString("base64url");
  innerOrigins.set(key, requestOrigin(outer));
  try {
    return await ask({ [INNER_ORIGIN_HEADER]: key });
  } finally {
    innerOrigins.delete(key);
  }
}
