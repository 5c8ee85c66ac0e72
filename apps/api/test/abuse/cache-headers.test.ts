import { describe, expect } from "vitest";
import type { AnyCall } from "../../src/calls/call.js";
import { calls } from "../../src/calls/index.js";
import type { TestApp } from "../support/app.js";
import { signUp } from "../support/auth.js";
import { createListing } from "../support/chatbots.js";
import { test } from "../support/fixtures.js";
import { askUntilCopy, trpcMutation } from "../support/requests.js";
import { fakeWebDist } from "../support/web-dist.js";

/**
 * Issue 36 item 8: personal answers (/api/auth/user, settings, Saved, Following, a member's lists, every personal
 * tRPC answer) carried no Cache-Control and no Vary, so a CDN caching everything would hand one member's NSFW
 * listings and creators' e-mails to visitors. Every declared call is walked here, on both transports, as a
 * visitor, a member (session cookie) and a member's API token: an answer is `Cache-Control: private, no-store`
 * unless it is a visitor's answer to a read its `sharing` declaration shares with every visitor, and every call's
 * answer says `Vary: Cookie, Authorization`. A new call is walked without anything added here.
 */
const PERSONAL = "private, no-store";
// Served pages too: they carry their first reads' answers.
test.override("appEnv", { WEB_DIST: fakeWebDist() });
const NO_SUCH_ID = "00000000-0000-4000-8000-000000000000";

type Caller = { name: "visitor" | "member" | "token"; headers: () => Record<string, string> };
type Answer = Awaited<ReturnType<TestApp["inject"]>>;

const everyCall = Object.entries(calls).flatMap(([router, record]) =>
  Object.entries(record as Record<string, AnyCall>).map(([name, call]) => ({ path: `${router}.${name}`, call })),
);
const sharedWithVisitors = (call: AnyCall) => call.sharing?.by.includes("visitor") === true;

let app: TestApp;
let member: Awaited<ReturnType<typeof signUp>>;
let token: string;
let listingId: string;

test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
  member = await signUp(app);
  listingId = (await createListing(app, member.cookie, { title: "Cache headers bot" })).id;
  const created = await trpcMutation(app, "apiTokens.create", { name: "walker", scope: "write" }, member.cookie);
  token = created.json().result.data.secret;
});

/** Inputs the reads answer 200 to (the shared reads, at least); anything else gets `{}`, whatever it answers. */
const readInput = (path: string): unknown =>
  ({
    "chatbots.list": {},
    "chatbots.count": {},
    "chatbots.tags": {},
    "chatbots.byId": { id: listingId },
    "chatbots.byUser": { userId: member.user.id },
    "chatbots.stats": { id: listingId },
    "users.byId": { userId: member.user.id },
    "favorites.status": { chatbotId: listingId },
    "follows.status": { userId: member.user.id },
    "chatbots.suggestions": { q: "cache" },
    "reviews.list": { chatbotId: listingId },
  })[path] ?? {};

/** The query string a REST read takes its input from (only for reads whose input is not in their path). */
const REST_QUERY: Record<string, string> = { "chatbots.suggestions": "?q=cache" };

/** A REST path with its parameters filled: reads with real ids, changes with ids that name nothing. */
function restPath(call: AnyCall): string {
  const real: Record<string, string> = { id: listingId, chatbotId: listingId, userId: member.user.id };
  const path = call.rest!.path.replace(/:(\w+)/g, (_, name: string) =>
    call.kind === "query" ? (real[name] ?? "none") : name.endsWith("Id") || name === "id" ? NO_SUCH_ID : "none",
  );
  return `/api${path}`;
}

function askTrpc(path: string, call: AnyCall, headers: Record<string, string>): Promise<Answer> {
  if (call.kind === "query") {
    const input = call.input ? `?input=${encodeURIComponent(JSON.stringify(readInput(path)))}` : "";
    return app.inject({ method: "GET", url: `/trpc/${path}${input}`, headers });
  }
  return app.inject({
    method: "POST",
    url: `/trpc/${path}`,
    headers: { ...headers, "content-type": "application/json" },
    payload: "{}",
  });
}

function askRest(path: string, call: AnyCall, headers: Record<string, string>): Promise<Answer> {
  const { method } = call.rest!;
  return app.inject({
    method,
    url: restPath(call) + (REST_QUERY[path] ?? ""),
    headers: method === "GET" ? headers : { ...headers, "content-type": "application/json" },
    ...(method === "GET" ? {} : { payload: "{}" }),
  });
}

function expectHeaders(answer: Answer, personal: boolean, what: string) {
  const varies = String(answer.headers.vary ?? "")
    .toLowerCase()
    .split(/\s*,\s*/);
  expect(varies, `${what}: Vary`).toEqual(expect.arrayContaining(["cookie", "authorization"]));
  if (personal) expect(answer.headers["cache-control"], `${what}: Cache-Control`).toBe(PERSONAL);
  else expect(String(answer.headers["cache-control"] ?? ""), `${what}: Cache-Control`).not.toMatch(/private|no-store/);
}

/** The member is signed in again when a call (signing out) ended their session, so the walk goes on as a member. */
async function keepSignedIn() {
  const me = await app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie: member.cookie } });
  if (me.statusCode !== 200) member = await signUp(app);
}

const callers: Caller[] = [
  { name: "visitor", headers: () => ({}) },
  { name: "member", headers: () => ({ cookie: member.cookie }) },
  { name: "token", headers: () => ({ authorization: `Bearer ${token}` }) },
];

describe("every declared call says what caches may keep", () => {
  test("the walk covers every call, and reads of each kind of sharing", () => {
    expect(everyCall.length).toBeGreaterThan(40);
    expect(everyCall.filter(({ call }) => sharedWithVisitors(call)).length).toBeGreaterThan(3);
    expect(everyCall.filter(({ call }) => call.sharing?.by.includes("self")).length).toBeGreaterThan(3);
  });

  for (const caller of callers) {
    test(`as a ${caller.name}, on tRPC and REST`, async () => {
      // Reads first: a change (signing out) must not leave the reads to a visitor.
      const walk = [...everyCall].sort((a, b) => (a.call.kind === b.call.kind ? 0 : a.call.kind === "query" ? -1 : 1));
      for (const { path, call } of walk) {
        const personal = caller.name !== "visitor" || !sharedWithVisitors(call);
        const overTrpc = await askTrpc(path, call, caller.headers());
        expectHeaders(overTrpc, personal, `${caller.name} tRPC ${path} (${overTrpc.statusCode})`);
        if (caller.name === "visitor" && sharedWithVisitors(call)) expect(overTrpc.statusCode, path).toBe(200);
        if (call.rest) {
          const overRest = await askRest(path, call, caller.headers());
          expectHeaders(
            overRest,
            personal,
            `${caller.name} ${call.rest.method} ${restPath(call)} (${overRest.statusCode})`,
          );
          if (caller.name === "visitor" && sharedWithVisitors(call)) expect(overRest.statusCode, path).toBe(200);
        }
        if (caller.name === "member" && call.kind === "mutation") await keepSignedIn();
      }
    });
  }

  test("answers from shared copies say the same as the answers they were kept from", async () => {
    for (const [headers, personal] of [
      [{}, false],
      [{ cookie: member.cookie }, true],
    ] as const) {
      for (const url of [
        "/api/chatbots",
        `/trpc/chatbots.byId?input=${encodeURIComponent(JSON.stringify({ id: listingId }))}`,
      ]) {
        await app.inject({ method: "GET", url, headers });
        const copy = await askUntilCopy(() => app.inject({ method: "GET", url, headers }));
        expectHeaders(copy, personal, `copy of ${url}`);
      }
    }
  });

  test("a served page is personal when a member asks (it carries their first reads' answers)", async () => {
    const moved = await app.inject({ method: "GET", url: `/chatbots/${listingId}` });
    const page = String(moved.headers.location);
    for (const url of ["/", page, `/profile/${member.user.id}`]) {
      const visitor = await app.inject({ method: "GET", url });
      expect(visitor.statusCode, url).toBe(200);
      expectHeaders(visitor, false, `visitor ${url}`);
      expect(visitor.headers["cache-control"]).toBe("no-cache");
      const own = await app.inject({ method: "GET", url, headers: { cookie: member.cookie } });
      expect(own.statusCode, url).toBe(200);
      expectHeaders(own, true, `member ${url}`);
    }
  });

  test("a tRPC batch is personal when any of its calls is", async () => {
    const shared = encodeURIComponent(JSON.stringify({ 0: {}, 1: {} }));
    const both = await app.inject({ method: "GET", url: `/trpc/chatbots.count,chatbots.tags?batch=1&input=${shared}` });
    expect(both.statusCode).toBe(200);
    expectHeaders(both, false, "two shared reads");
    const mixed = await app.inject({
      method: "GET",
      url: `/trpc/chatbots.count,auth.clientConfig?batch=1&input=${shared}`,
    });
    expectHeaders(mixed, true, "a shared read beside one shared by nobody");
  });
});
