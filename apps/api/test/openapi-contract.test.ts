// The committed REST contract: apps/api/openapi/openapi.json is what the route declarations make (`pnpm gen`, no
// database), the client's generated types are what that document and the router's type make, and no change since
// the previous contract (openapi.previous.json) breaks a client unless approved-changes.json says why.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generatedFiles } from "../../../packages/client/scripts/generated-files.js";
import { type ApprovedChange, breakingChanges, type OpenApi, unapprovedChanges } from "../scripts/openapi-breaks.js";
import { buildOpenApiDocument, openApiText } from "../src/http/openapi.js";

const OPENAPI = path.join(import.meta.dirname, "../openapi");
const GENERATED = path.join(import.meta.dirname, "../../../packages/client/src/generated");
const read = (file: string) => readFileSync(file, "utf8");
const committed = () => JSON.parse(read(path.join(OPENAPI, "openapi.json"))) as OpenApi;
const previous = () => JSON.parse(read(path.join(OPENAPI, "openapi.previous.json"))) as OpenApi;
const approved = () =>
  (JSON.parse(read(path.join(OPENAPI, "approved-changes.json"))) as { approved: ApprovedChange[] }).approved;

describe("the generated files", () => {
  it("the committed OpenAPI document is what the route declarations make", async () => {
    const text = openApiText(await buildOpenApiDocument());
    expect(
      read(path.join(OPENAPI, "openapi.json")) === text,
      "apps/api/openapi/openapi.json is stale: run pnpm gen",
    ).toBe(true);
  });

  it("the client's generated types are what the committed document and the router make", async () => {
    for (const [file, text] of Object.entries(await generatedFiles())) {
      expect(
        read(path.join(GENERATED, file)) === text,
        `packages/client/src/generated/${file} is stale: run pnpm gen`,
      ).toBe(true);
    }
  }, 180_000);
});

describe("the breaking-change check", () => {
  it("finds no break since the previous contract that approved-changes.json does not approve", () => {
    const breaks = breakingChanges(previous(), committed());
    const { unapproved, unused } = unapprovedChanges(breaks, approved());
    expect(
      unapproved,
      "breaking changes: approve each in apps/api/openapi/approved-changes.json with a reason",
    ).toEqual([]);
    expect(unused, "approvals that match no change any more: remove them").toEqual([]);
    for (const entry of approved()) expect(entry.reason.trim(), entry.change).not.toBe("");
  });

  it("reports a response field removed, and an approval lets it pass", () => {
    const before = committed();
    const after = structuredClone(before);
    const chatbot = after.components!.schemas!.Chatbot!;
    delete (chatbot.properties as Record<string, unknown>).tagline;
    chatbot.required = (chatbot.required as string[]).filter((name) => name !== "tagline");
    const breaks = breakingChanges(before, after);
    expect(breaks).toContain("POST /api/chatbots response 201.tagline: property removed");
    expect(unapprovedChanges(breaks, []).unapproved).toEqual(breaks);
    const approval = breaks.map((change) => ({ change, reason: "the tagline moves into the description" }));
    expect(unapprovedChanges(breaks, approval)).toEqual({ unapproved: [], unused: [] });
    // An approval of one break does not cover another.
    expect(unapprovedChanges(breaks, approval.slice(1)).unapproved).toEqual(breaks.slice(0, 1));
  });

  it("reports a path removed, an answer that may now be null, a new required input and a narrowed enum", () => {
    const before = committed();
    const after = structuredClone(before);
    delete after.paths["/api/users/{userId}"];
    const schemas = after.components!.schemas!;
    (schemas.Chatbot!.properties as Record<string, Record<string, unknown>>).nsfw!.type = ["boolean", "null"];
    const list = after.paths["/api/chatbots"]!.get!;
    const limit = (list.parameters as Array<Record<string, unknown>>).find((each) => each.name === "limit")!;
    limit.required = true;
    const breaks = breakingChanges(before, after);
    expect(breaks).toEqual(
      expect.arrayContaining([
        "GET /api/users/{userId}: operation removed",
        "POST /api/chatbots response 201.nsfw: may now be null (was boolean)",
        "GET /api/chatbots parameter query.limit: became required",
      ]),
    );
    // Adding is not breaking: the reverse direction has no removed path, and a new answer field needs no approval.
    expect(breakingChanges(after, before).filter((change) => change.includes("operation removed"))).toEqual([]);
    expect(breakingChanges(before, before)).toEqual([]);
  });

  it("reports an accepted value no longer accepted and a bound tightened", () => {
    const before = committed();
    const after = structuredClone(before);
    const list = after.paths["/api/chatbots"]!.get!;
    const parameters = list.parameters as Array<{ name: string; schema: Record<string, unknown> }>;
    const limit = parameters.find((each) => each.name === "limit")!;
    limit.schema.maximum = 5;
    const platform = parameters.find((each) => each.name === "platform")!;
    platform.schema.enum = (platform.schema.enum as string[]).filter((value) => value !== "polybuzz");
    expect(breakingChanges(before, after)).toEqual(
      expect.arrayContaining([
        "GET /api/chatbots parameter query.limit: maximum lowered to 5",
        'GET /api/chatbots parameter query.platform: no longer accepts "polybuzz"',
      ]),
    );
  });
});
