import swagger from "@fastify/swagger";
import Fastify from "fastify";
import { swaggerOptions } from "./docs.js";
import { httpRoutes } from "./index.js";

/**
 * The OpenAPI document from the /api route declarations alone: a bare Fastify with the swagger plugin and the
 * routes (calls/ and the few hand-written ones), no database, storage or identity provider. `pnpm gen` writes it
 * to apps/api/openapi/openapi.json (scripts/gen-openapi.ts); the running app serves the same document at
 * GET /api/openapi.json (test/openapi.test.ts compares them).
 */
export async function buildOpenApiDocument(): Promise<Record<string, unknown>> {
  const app = Fastify({ logger: false });
  try {
    await app.register(swagger, swaggerOptions);
    await app.register(httpRoutes, { prefix: "/api" });
    await app.ready();
    return app.swagger() as unknown as Record<string, unknown>;
  } finally {
    await app.close();
  }
}

/** The document as committed: two-space JSON with a final newline. */
export const openApiText = (document: unknown) => `${JSON.stringify(document, null, 2)}\n`;
