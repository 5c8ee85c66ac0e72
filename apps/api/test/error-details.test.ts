// No error answer carries server internals (stack traces, absolute paths, the failing code's own message), in the
// configuration `pnpm start` runs: NODE_ENV development. Only ERROR_STACKS (set by `pnpm dev` alone) adds stacks.
import { afterAll, afterEach, describe, expect, vi } from "vitest";
import { ConfigError, loadConfig } from "../src/config.js";
import { createTestApp, type TestApp } from "./support/app.js";
import { signUp } from "./support/auth.js";
import { test } from "./support/fixtures.js";

// `pnpm start` leaves NODE_ENV unset, which the api (and tRPC's own default) read as development: the same here,
// before the app's modules load.
const previousNodeEnv = vi.hoisted(() => {
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = "development";
  return previous;
});
afterAll(() => {
  process.env.NODE_ENV = previousNodeEnv;
});

test.override("appEnv", { NODE_ENV: "development", RESPONSE_CACHE_SECONDS: "0" });

/** A message an unexpected failure might carry: a file path and a stack-like frame. */
const LEAKY = `ENOENT: no such file or directory, open '${process.cwd()}/secret.json' at readConfig (/work/app/x.js:1:1)`;

let app: TestApp;
let userId: string;

test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
  userId = (await signUp(app)).user.id;
}, 120_000);
afterEach(() => {
  vi.restoreAllMocks();
});

/** The database breaks in an unexpected way (not an outage, which is a 503). */
function breakDatabase(target: TestApp) {
  vi.spyOn(target.database.db, "selectFrom").mockImplementation(() => {
    throw new TypeError(LEAKY);
  });
}

/** Nothing of the server's insides in an answer's text. */
function expectNoInternals(body: string) {
  expect(body).not.toMatch(/stack/i);
  expect(body).not.toContain("/work");
  expect(body).not.toContain(process.cwd());
  expect(body).not.toMatch(/\bat \S+ \(/);
  expect(body).not.toContain("ENOENT");
}

const byId = (id: string) => `/trpc/users.byId?input=${encodeURIComponent(JSON.stringify({ userId: id }))}`;

describe("an unexpected error in development mode (pnpm start)", () => {
  test("REST answers 500 'Internal Server Error' and nothing else", async () => {
    breakDatabase(app);
    const response = await app.inject({ method: "GET", url: `/api/users/${userId}` });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: "Internal Server Error", code: "internal_error" });
    expectNoInternals(response.body);
  });

  test("tRPC answers 500 'Internal Server Error' without a stack, alone or batched", async () => {
    breakDatabase(app);
    const single = await app.inject({ method: "GET", url: byId(userId) });
    expect(single.statusCode).toBe(500);
    expect(single.json().error.message).toBe("Internal Server Error");
    expectNoInternals(single.body);

    const input = encodeURIComponent(JSON.stringify({ 0: { userId }, 1: { userId } }));
    const batch = await app.inject({ method: "GET", url: `/trpc/users.byId,users.byId?batch=1&input=${input}` });
    expect(batch.statusCode).toBe(500);
    expectNoInternals(batch.body);
  });

  test("tRPC's expected errors carry no stack either", async () => {
    const invalid = await app.inject({ method: "GET", url: byId("not-a-uuid") });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toBe("Invalid user id");
    const missing = await app.inject({ method: "GET", url: byId("00000000-0000-4000-8000-000000000000") });
    expect(missing.statusCode).toBe(404);
    const unauthorized = await app.inject({ method: "GET", url: "/trpc/auth.user" });
    expect(unauthorized.statusCode).toBe(401);
    for (const response of [invalid, missing, unauthorized]) expectNoInternals(response.body);
  });
});

describe("ERROR_STACKS", () => {
  test("adds the stack to tRPC errors when set (pnpm dev), never to REST's", async () => {
    const harness = await createTestApp({ NODE_ENV: "development", ERROR_STACKS: "true", RESPONSE_CACHE_SECONDS: "0" });
    try {
      breakDatabase(harness.app);
      const trpc = await harness.app.inject({ method: "GET", url: byId(userId) });
      expect(trpc.json().error.data.stack).toMatch(/\bat \S+/);
      const rest = await harness.app.inject({ method: "GET", url: `/api/users/${userId}` });
      expect(rest.json()).toEqual({ message: "Internal Server Error", code: "internal_error" });
    } finally {
      await harness.close();
    }
  });

  test("is refused in production", () => {
    expect(() =>
      loadConfig({
        NODE_ENV: "production",
        ERROR_STACKS: "true",
        SESSION_SECRET: "s".repeat(32),
        FIREBASE_SERVICE_ACCOUNT: "{}",
      }),
    ).toThrow(ConfigError);
  });
});
