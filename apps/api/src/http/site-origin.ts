import type { FastifyRequest } from "fastify";

/**
 * The site's address for absolute links (heads, feeds, sitemap, error pages): PUBLIC_URL when set, else the
 * origin the request came to.
 */
export const siteOrigin = (request: FastifyRequest): string =>
  request.server.config.publicUrl ?? `${request.protocol}://${request.host}`;
