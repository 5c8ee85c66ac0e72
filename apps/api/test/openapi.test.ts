import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/app.js";

/** Every /api call of spec section 7 (method and path), copied from the spec. */
const SPEC_CALLS = [
  "POST /api/auth/verify",
  "POST /api/auth/logout",
  "GET /api/auth/user",
  "GET /api/chatbots",
  "POST /api/chatbots",
  "PUT /api/chatbots/{id}",
  "DELETE /api/chatbots/{id}",
  "GET /api/user/chatbots",
  "GET /api/series/{seriesName}/{creatorId}",
  "GET /api/users/{userId}",
  "GET /api/users/{userId}/chatbots",
  "PUT /api/user/nickname",
  "PUT /api/user/avatar",
  "PUT /api/user/about",
  "PUT /api/user/social-media",
  "GET /api/admin/stats",
  "GET /api/admin/pending-users",
  "GET /api/admin/approved-users",
  "GET /api/admin/chatbots",
  "POST /api/admin/approve-user/{id}",
  "DELETE /api/admin/reject-user/{id}",
  "POST /api/admin/migrate-images",
  "POST /api/admin/repair-images",
  "PUT /api/admin/chatbots/{id}",
  "DELETE /api/admin/chatbots/{id}",
  "DELETE /api/admin/users/{id}",
  "POST /api/admin/users/{id}/make-admin",
  "POST /api/admin/users/{id}/remove-admin",
  "GET /api/login",
];

let harness: Awaited<ReturnType<typeof createTestApp>>;
let app: TestApp;
let document: {
  openapi: string;
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, unknown> };
};
beforeAll(async () => {
  harness = await createTestApp();
  app = harness.app;
  document = (await app.inject({ method: "GET", url: "/api/openapi.json" })).json();
});
afterAll(() => harness.close());

describe("the OpenAPI document", () => {
  it("is OpenAPI 3.1 and describes every /api call of the spec", () => {
    expect(document.openapi).toBe("3.1.0");
    const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    for (const call of SPEC_CALLS) expect(documented).toContain(call);
  });

  it("describes only routes the api really has", () => {
    for (const [path, methods] of Object.entries(document.paths)) {
      const url = path.replace(/\{(\w+)\}/g, ":$1");
      for (const method of Object.keys(methods)) {
        expect(app.hasRoute({ method: method.toUpperCase() as "GET", url }), `${method} ${path}`).toBe(true);
      }
    }
  });

  it("has no dangling $ref and takes its shapes from the shared Zod schemas", () => {
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(document.components.schemas, ref).toHaveProperty(ref);
    const chatbot = document.components.schemas.Chatbot as { properties: Record<string, unknown> };
    expect(Object.keys(chatbot.properties)).toEqual(
      expect.arrayContaining(["thumbnailUrl", "polybuzzCid", "nsfw", "user"]),
    );
    const list = document.paths["/api/chatbots"]!.get as { parameters: Array<{ name: string }> };
    expect(list.parameters.map((p) => p.name)).toEqual(
      expect.arrayContaining(["search", "platform", "nsfw", "limit", "cursor"]),
    );
  });

  it("has a browsable page", async () => {
    const response = await app.inject({ method: "GET", url: "/api/docs/" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
  });
});
