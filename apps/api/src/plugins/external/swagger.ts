import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import fp from "fastify-plugin";
import { openApiDocument, openApiTransform, openApiTransformObject } from "../../http/docs.js";

/**
 * The OpenAPI document, generated from the /api routes registered after this plugin (dynamic mode):
 * GET /api/openapi.json, and a browsable page at /api/docs.
 */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: openApiDocument as never,
      hideUntagged: true,
      transform: openApiTransform,
      transformObject: openApiTransformObject,
    });
    await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
    app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());
  },
  { name: "swagger" },
);
