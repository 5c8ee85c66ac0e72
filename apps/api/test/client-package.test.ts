// The published client (packages/client) against the app: the example project (examples/api-client) type-checks as
// an outside NodeNext project and runs against a server. That the client's generated types are current (`pnpm gen`,
// no database) is checked by openapi-contract.test.ts.
import { execFile } from "node:child_process";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import type { TestApp } from "./support/app.js";
import { signUp } from "./support/auth.js";
import { test } from "./support/fixtures.js";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../../..");
const EXAMPLE = path.join(ROOT, "examples/api-client");
const bin = (folder: string, name: string) => path.join(folder, "node_modules/.bin", name);

let app: TestApp;

test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
});

/** The example's transcript, given how it signs its calls. */
async function runExample(credentials: Record<string, string>) {
  const address = app.server.address() as AddressInfo;
  // One tsc run is the type-check and the build (the example's `pnpm start`).
  const typecheck = await run(bin(EXAMPLE, "tsc"), ["-p", EXAMPLE, "--extendedDiagnostics"], { cwd: EXAMPLE });
  const { stdout } = await run(process.execPath, [path.join(EXAMPLE, "dist/main.js")], {
    cwd: EXAMPLE,
    env: { PATH: process.env.PATH, GALLERY_URL: `http://127.0.0.1:${address.port}`, ...credentials },
  });
  return { files: Number(/^Files:\s+(\d+)$/m.exec(typecheck.stdout)?.[1]), transcript: stdout.trim().split("\n") };
}

const TRANSCRIPT = [
  "list (tRPC chatbots.list): 0 on the first page",
  'create (tRPC chatbots.create, FormData): "Script Bot" with a picture: true',
  'edit (REST PUT /api/chatbots/{id}): tagline "Edited over REST"',
  'read (REST GET /api/chatbots/{id}): "Script Bot", "Edited over REST", tags example, script',
  "delete (REST DELETE /api/chatbots/{id}): 200",
  "read again: 404",
];

describe("the example project (examples/api-client)", () => {
  test.beforeAll(async () => {
    await app.listen({ port: 0, host: "127.0.0.1" });
  });

  it("type-checks as an outside NodeNext project in under 100 files, and runs with a member's cookie", async () => {
    const member = await signUp(app);
    const { files, transcript } = await runExample({ GALLERY_COOKIE: member.cookie });
    expect(files).toBeLessThan(100);
    expect(transcript).toEqual(TRANSCRIPT);
    expect((await app.inject({ method: "GET", url: "/api/chatbots" })).json()).toEqual([]);
  }, 180_000);

  // As a script runs it: a personal API token (write scope) made by the member's session.
  it("runs with a personal API token", async () => {
    const member = await signUp(app);
    const created = await app.inject({
      method: "POST",
      url: "/trpc/apiTokens.create",
      headers: { cookie: member.cookie },
      payload: { name: "example script", scope: "write", expiresInDays: 7 },
    });
    expect(created.statusCode).toBe(200);
    const { transcript } = await runExample({ GALLERY_TOKEN: created.json().result.data.secret });
    expect(transcript).toEqual(TRANSCRIPT);
  }, 180_000);
});
