import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import fp from "fastify-plugin";
import { openApiDocument } from "../../rest/openapi.js";

/** GET /api/openapi.json (the REST contract) and a browsable page at /api/docs. */
export default fp(
  async (app) => {
    const document = openApiDocument();
    await app.register(swagger, { mode: "static", specification: { document: document as never } });
    await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
    app.get("/api/openapi.json", async () => document);
  },
  { name: "openapi" },
);
