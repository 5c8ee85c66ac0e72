import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import fp from "fastify-plugin";
import { swaggerOptions } from "../../http/docs.js";

/**
 * The OpenAPI document, generated from the /api routes registered after this plugin (dynamic mode):
 * GET /api/openapi.json, and a browsable page at /api/docs. The same document is committed as
 * apps/api/openapi/openapi.json by `pnpm gen` (http/openapi.ts), without a running app.
 */
export default fp(
  async (app) => {
    await app.register(swagger, swaggerOptions);
    await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
    app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());
  },
  { name: "swagger" },
);
