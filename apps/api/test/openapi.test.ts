import { execFile } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import type { TestApp } from "./support/app.js";
import { test } from "./support/fixtures.js";

/**
 * The OpenAPI document is generated from the /api routes' Zod schemas (@fastify/swagger, dynamic
 * mode): here it is linted with Redocly's recommended rules and checked for what a client needs.
 */

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ name: string; in: string; required?: boolean }>;
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string; headers?: Record<string, unknown>; content?: unknown }>;
}
interface Schema {
  type?: string;
  format?: string;
  required?: string[];
  properties?: Record<string, Schema>;
}
interface Document {
  openapi: string;
  info: { title: string; version: string };
  servers?: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, Schema>;
    securitySchemes: Record<
      string,
      { type: string; in?: string; name?: string; scheme?: string; description?: string }
    >;
  };
}

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

/** The paged lists: a JSON array, `limit` and `cursor`, the next page in the Link header. */
const PAGED = [
  "GET /api/chatbots",
  "GET /api/user/chatbots",
  "GET /api/series/{seriesName}/{creatorId}",
  "GET /api/users/{userId}/chatbots",
  "GET /api/admin/chatbots",
];

/** The uploads and their file field. */
const UPLOADS: Record<string, string> = {
  "POST /api/chatbots": "image",
  "PUT /api/chatbots/{id}": "image",
  "PUT /api/admin/chatbots/{id}": "image",
  "PUT /api/user/avatar": "avatar",
};

const ROOT = path.resolve(import.meta.dirname, "../../..");

/** Served for people and tools, not part of the contract. */
const UNDOCUMENTED = [/^\/api\/docs/, /^\/api\/openapi\.json$/];

let app: TestApp;
let document: Document;
let operations: Array<{ call: string; operation: Operation }>;

test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
  const response = await app.inject({ method: "GET", url: "/api/openapi.json" });
  expect(response.statusCode).toBe(200);
  document = response.json();
  operations = Object.entries(document.paths).flatMap(([url, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ call: `${method.toUpperCase()} ${url}`, operation })),
  );
}, 120_000);

/** Every route the app has, from Fastify's route tree ("METHOD /path" with {params}). */
function registeredRoutes(): string[] {
  const lines = app.printRoutes({ commonPrefix: false }).split("\n");
  const segments: string[] = [];
  const routes: string[] = [];
  for (const line of lines) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    segments.length = depth;
    segments.push(match[2]!);
    for (const method of match[3]?.split(", ") ?? []) {
      routes.push(`${method} ${segments.join("").replace(/:(\w+)/g, "{$1}")}`);
    }
  }
  return routes;
}

describe("the generated OpenAPI document", () => {
  it("passes Redocly's recommended rules (redocly.yaml) with no error and no warning", async () => {
    // Linted beside the repository's redocly.yaml and its recorded exceptions, which name the file openapi.json.
    const folder = mkdtempSync(path.join(tmpdir(), "openapi-"));
    try {
      for (const name of ["redocly.yaml", ".redocly.lint-ignore.yaml"])
        copyFileSync(path.join(ROOT, name), path.join(folder, name));
      writeFileSync(path.join(folder, "openapi.json"), JSON.stringify(document));
      const cli = path.join(
        path.dirname(createRequire(import.meta.url).resolve("@redocly/cli/package.json")),
        "bin/cli.js",
      );
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [cli, "lint", "openapi.json", "--config=redocly.yaml", "--format=json"],
        { cwd: folder, env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" } },
      ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }));
      const report = JSON.parse(stdout) as {
        totals: { errors: number; warnings: number };
        problems: Array<{ ruleId: string; severity: string; message: string; location: Array<{ pointer: string }> }>;
      };
      const problems = report.problems
        .filter((problem) => problem.severity !== "ignore")
        .map(
          ({ ruleId, severity, message, location }) => `${severity} ${ruleId} at ${location[0]?.pointer}: ${message}`,
        );
      expect(problems).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);

  it("is the committed document (apps/api/openapi/openapi.json, written by pnpm gen)", () => {
    const committed = JSON.parse(readFileSync(path.join(ROOT, "apps/api/openapi/openapi.json"), "utf8"));
    expect(document, "the served document differs from the committed one: run pnpm gen").toEqual(committed);
  });

  it("is OpenAPI 3.1 with info and servers", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(document.info.title).toEqual(expect.any(String));
    expect(document.info.version).toEqual(expect.any(String));
    expect(document.servers?.length).toBeGreaterThan(0);
  });

  it("documents every /api route the app has, every call of the spec, and nothing else", () => {
    const documented = operations.map(({ call }) => call);
    const registered = registeredRoutes().filter((route) => {
      const [method, url] = route.split(" ") as [string, string];
      // HEAD and the CORS preflights (OPTIONS) of the public reads are HTTP's own mechanics, not calls.
      const call = method !== "HEAD" && method !== "OPTIONS";
      return url.startsWith("/api/") && call && !UNDOCUMENTED.some((pattern) => pattern.test(url));
    });
    expect(registered.length).toBeGreaterThanOrEqual(SPEC_CALLS.length);
    expect([...documented].sort()).toEqual([...registered].sort());
    for (const call of SPEC_CALLS) expect(documented).toContain(call);
  });

  it("names every operation with a unique operationId and a summary", () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    for (const { call, operation } of operations) {
      expect(operation.operationId, call).toMatch(/^[a-z][A-Za-z]+$/);
      expect(operation.summary, call).toEqual(expect.any(String));
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("describes the session cookie and the API token, how to obtain them, and which calls take them", () => {
    const schemes = document.components.securitySchemes;
    expect(Object.keys(schemes).sort()).toEqual(["bearerAuth", "session"]);
    const session = schemes.session!;
    expect(session).toMatchObject({ type: "apiKey", in: "cookie", name: "sid" });
    expect(session.description).toContain("POST /api/auth/verify");
    expect(session.description).toMatch(/ID token/);
    expect(schemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(schemes.bearerAuth!.description).toMatch(/API token/);
    const uses = (scheme: string) =>
      operations
        .filter(({ operation }) => operation.security?.some((requirement) => scheme in requirement))
        .map(({ call }) => call);
    // Every operation is one of four kinds: the sign-in page and the health check (neither), a public call (a
    // token optional), a call that needs the session or a token, and the session-only ones.
    const sessionOnly = ["POST /api/auth/logout-all"];
    const neither = ["GET /api/login", "GET /api/health"];
    for (const { call, operation } of operations) {
      const needsSession = operation.security?.some((requirement) => "session" in requirement);
      const expected = neither.includes(call)
        ? []
        : sessionOnly.includes(call)
          ? [{ session: [] }]
          : needsSession
            ? [{ session: [] }, { bearerAuth: [] }]
            : [{}, { bearerAuth: [] }];
      expect(operation.security, call).toEqual(expected);
      if (expected.length) expect(Object.keys(operation.responses), call).toContain("401");
    }
    const needSession = uses("session");
    expect(needSession).toEqual(
      expect.arrayContaining(["GET /api/auth/user", "POST /api/chatbots", "GET /api/admin/stats"]),
    );
    expect(needSession).not.toContain("GET /api/chatbots");
    // Every call's route also takes a token (optional on a public read) but a session-only one (signing out
    // everywhere ends browser sessions); signing in takes neither.
    expect(needSession).toEqual(expect.arrayContaining(sessionOnly));
    expect(uses("bearerAuth")).toEqual(
      expect.arrayContaining([...needSession.filter((call) => !sessionOnly.includes(call)), "GET /api/chatbots"]),
    );
    for (const call of sessionOnly) expect(uses("bearerAuth")).not.toContain(call);
    const publicRead = operations.find(({ call }) => call === "GET /api/chatbots")!.operation;
    expect(publicRead.security).toEqual([{}, { bearerAuth: [] }]);
    expect(operations.find(({ call }) => call === "GET /api/login")!.operation.security).toEqual([]);
  });

  it("documents a session as needed exactly where a visitor is refused with 401", async () => {
    const someId = "00000000-0000-4000-8000-000000000000";
    for (const { call, operation } of operations) {
      const [method, template] = call.split(" ") as [string, string];
      const url = template.replace(/\{[^}]+\}/g, someId);
      const answer = await app.inject({ method: method as "GET", url });
      const needsSession = operation.security?.some((requirement) => "session" in requirement);
      if (needsSession) expect(answer.statusCode, `${call}: ${answer.body.slice(0, 120)}`).toBe(401);
      else expect(answer.statusCode, `${call}: ${answer.body.slice(0, 120)}`).not.toBe(401);
    }
  });

  it("gives every status a description, and every error the Error schema { message, code, field? }", () => {
    expect(document.components.schemas.Error).toMatchObject({
      type: "object",
      required: ["message", "code"],
      properties: { message: { type: "string" }, code: { type: "string" }, field: { type: "string" } },
    });
    for (const { call, operation } of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        expect(response.description, `${call} ${status}`).toEqual(expect.any(String));
        if (Number(status) >= 400 && call !== "GET /api/health") {
          expect(response.content, `${call} ${status}`).toEqual({
            "application/json": { schema: { $ref: "#/components/schemas/Error" } },
          });
        }
      }
    }
  });

  it("lists the statuses the calls really answer", () => {
    const statuses = (call: string) => Object.keys(operations.find((each) => each.call === call)!.operation.responses);
    expect(statuses("POST /api/chatbots")).toEqual(
      expect.arrayContaining(["201", "400", "401", "403", "413", "415", "429", "503"]),
    );
    expect(statuses("PUT /api/chatbots/{id}")).toEqual(expect.arrayContaining(["200", "404", "413", "415"]));
    expect(statuses("PUT /api/user/nickname")).toEqual(expect.arrayContaining(["200", "400", "401", "409", "429"]));
    expect(statuses("GET /api/users/{userId}")).toEqual(expect.arrayContaining(["200", "404"]));
    expect(statuses("GET /api/admin/stats")).toEqual(expect.arrayContaining(["401", "403"]));
    expect(statuses("GET /api/login")).toEqual(["302", "500", "503"]);
    // Every call with a body (every write) may be refused for its JSON (400), its size (413) or its type (415), and
    // any call may fail unexpectedly (500).
    for (const { call, operation } of operations) {
      if (call === "GET /api/health") continue;
      const own = Object.keys(operation.responses);
      expect(own, call).toContain("500");
      if (!call.startsWith("GET ")) expect(own, call).toEqual(expect.arrayContaining(["400", "413", "415"]));
    }
    // The image tools answer the spec's result, or the job still running after the wait (docs/admin.md).
    for (const call of ["POST /api/admin/migrate-images", "POST /api/admin/repair-images"]) {
      expect(statuses(call)).toEqual(expect.arrayContaining(["200", "202", "409", "500", "503"]));
      const { operation } = operations.find((each) => each.call === call)!;
      expect(operation.responses["202"]?.content).toEqual({
        "application/json": { schema: { $ref: "#/components/schemas/ImageJob" } },
      });
    }
    // Every write may be rate limited, and every call made with an API token (its own limit).
    for (const { call, operation } of operations) {
      if (!call.startsWith("GET ") || operation.security?.some((requirement) => "bearerAuth" in requirement)) {
        expect(Object.keys(operation.responses), call).toContain("429");
      }
    }
  });

  it("describes the notifications' live stream: server-sent events for a member, 401 signed out, 429 past the cap", () => {
    const { operation } = operations.find((each) => each.call === "GET /api/user/notifications/stream")!;
    expect(operation.operationId).toBe("streamNotifications");
    expect(operation.security).toEqual([{ session: [] }, { bearerAuth: [] }]);
    expect(operation.responses["200"]?.content).toEqual({
      "text/event-stream": { schema: expect.objectContaining({ type: "string" }) },
    });
    expect(JSON.stringify(operation.responses["200"]?.content)).toContain('event: unread\\ndata: {\\"unread\\":3}');
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(["200", "401", "429", "500"]));
    expect(operation.responses["429"]?.content).toEqual({
      "application/json": { schema: { $ref: "#/components/schemas/Error" } },
    });
  });

  it("pages lists with limit and cursor and links the next page in the Link header", () => {
    for (const call of PAGED) {
      const { operation } = operations.find((each) => each.call === call)!;
      const query = (operation.parameters ?? []).filter((parameter) => parameter.in === "query");
      expect(
        query.map((parameter) => parameter.name),
        call,
      ).toEqual(expect.arrayContaining(["limit", "cursor"]));
      expect(operation.responses["200"]?.headers, call).toHaveProperty("Link");
      expect(operation.responses["200"]?.content, call).toMatchObject({
        "application/json": { schema: { type: "array" } },
      });
    }
  });

  it("describes uploads as multipart bodies with a binary file, and the required fields", () => {
    for (const [call, field] of Object.entries(UPLOADS)) {
      const { operation } = operations.find((each) => each.call === call)!;
      const schema = operation.requestBody?.content["multipart/form-data"]?.schema;
      expect(schema?.properties?.[field], call).toMatchObject({ type: "string", format: "binary" });
    }
    const create = operations.find((each) => each.call === "POST /api/chatbots")!.operation;
    const form = create.requestBody!.content["multipart/form-data"]!.schema;
    expect(form.required).toEqual(expect.arrayContaining(["title", "image"]));
    expect(Object.keys(form.properties ?? {})).toEqual(
      expect.arrayContaining([
        "title",
        "tags",
        "storySeries",
        "polybuzzCid",
        "polybuzzUrl",
        "roleplayaCid",
        "roleplayaUrl",
        "nsfw",
      ]),
    );
    const update = operations.find((each) => each.call === "PUT /api/chatbots/{id}")!.operation;
    expect(update.requestBody!.content["multipart/form-data"]!.schema.required ?? []).toEqual([]);
    const verify = operations.find((each) => each.call === "POST /api/auth/verify")!.operation;
    expect(verify.requestBody!.content["application/json"]!.schema.required).toEqual(["idToken"]);
  });

  it("takes its shapes from the shared Zod schemas, with no dangling $ref", () => {
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
    for (const ref of refs) expect(document.components.schemas, ref).toHaveProperty(ref);
    const chatbot = document.components.schemas.Chatbot!;
    expect(Object.keys(chatbot.properties ?? {})).toEqual(
      expect.arrayContaining(["thumbnailUrl", "polybuzzCid", "nsfw", "user"]),
    );
    const list = operations.find((each) => each.call === "GET /api/chatbots")!.operation;
    expect(list.parameters!.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining(["search", "platform", "nsfw", "limit", "cursor"]),
    );
  });

  it("answers a browser's preflight on every public read of the gallery and profiles, and on nothing else", async () => {
    // The public reads: GET calls that need no credentials (an empty requirement: none, or a token), of listings
    // and profiles (not the session's or health's).
    const isPublicRead = ({ call, operation }: (typeof operations)[number]) =>
      call.startsWith("GET ") &&
      (operation.security ?? []).some((requirement) => Object.keys(requirement).length === 0) &&
      (operation.tags ?? []).some((tag) => tag === "chatbots" || tag === "users");
    const publicReads = operations.filter(isPublicRead).map(({ call }) => call);
    expect(publicReads).toEqual(
      expect.arrayContaining([
        "GET /api/chatbots",
        "GET /api/chatbots/{id}",
        "GET /api/users/{userId}",
        "GET /api/users/{userId}/chatbots",
      ]),
    );
    const id = "7b0f3a55-1d7e-4c2b-9a8e-2f6c1d0e4b3a";
    for (const { call } of operations.filter((each) => each.call.startsWith("GET "))) {
      const url = call.slice("GET ".length).replace(/\{\w+\}/g, id);
      const response = await app.inject({
        method: "OPTIONS",
        url,
        headers: {
          origin: "https://tool.example",
          "access-control-request-method": "GET",
          "access-control-request-headers": "authorization",
        },
      });
      if (publicReads.includes(call)) {
        expect(response.statusCode, call).toBe(204);
        expect(response.headers["access-control-allow-origin"], call).toBe("*");
        expect(response.headers["access-control-allow-headers"], call).toBe("authorization");
        const read = await app.inject({ method: "GET", url, headers: { origin: "https://tool.example" } });
        expect(read.headers["access-control-allow-origin"], call).toBe("*");
      } else {
        expect(response.statusCode, call).toBe(404);
        expect(response.headers["access-control-allow-origin"], call).toBeUndefined();
      }
    }
  });

  it("has a browsable page", async () => {
    const response = await app.inject({ method: "GET", url: "/api/docs/" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
  });
});
