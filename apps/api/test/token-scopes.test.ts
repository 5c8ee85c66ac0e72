// The API token scopes (issue 41: a second test beside api-tokens.test.ts): one matrix of scope x kind of call,
// REST and tRPC alike. read < write < admin; a call's scope comes from its declaration (calls/call.ts scopeOf):
// moderators' calls need admin, every other change write, every other read read; managing tokens and signing out
// everywhere take a browser session alone; and a token never does more than its member's role.
import { API_TOKEN_MESSAGES } from "@gallery/schema";
import { describe, expect } from "vitest";
import type { TestApp } from "./support/app.js";
import { setRole, signUp, signUpAs } from "./support/auth.js";
import { test } from "./support/fixtures.js";
import { trpcMutation } from "./support/requests.js";

type Scope = "read" | "write" | "admin";
type Kind = "read" | "write" | "admin" | "session";

let app: TestApp;
let moderator: Awaited<ReturnType<typeof signUp>>;

test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
  moderator = await signUpAs(app, "admin");
});

async function tokenOf(cookie: string, scope: Scope) {
  const created = await trpcMutation(app, "apiTokens.create", { name: `${scope} scopes`, scope }, cookie);
  expect(created.statusCode, created.body).toBe(200);
  return created.json().result.data.secret as string;
}

/** One call of each kind, over REST and over tRPC, made with the token. */
type Answer = { statusCode: number; json(): { message?: string; error?: { message: string } } };
const CALLS: Record<Kind, Array<(secret: string) => PromiseLike<Answer>>> = {
  read: [
    (secret) => app.inject({ method: "GET", url: "/api/user/settings", headers: bearer(secret) }),
    (secret) => app.inject({ method: "GET", url: "/trpc/settings.safety", headers: bearer(secret) }),
  ],
  write: [
    (secret) =>
      app.inject({
        method: "PUT",
        url: "/api/user/settings",
        headers: bearer(secret),
        payload: { blockedTags: ["scoped"], nsfwDisplay: "blur" },
      }),
    (secret) => trpcWith(secret, "settings.updateSafety", { blockedTags: ["scoped"], nsfwDisplay: "blur" }),
  ],
  admin: [
    (secret) => app.inject({ method: "GET", url: "/api/admin/stats", headers: bearer(secret) }),
    (secret) => app.inject({ method: "GET", url: "/trpc/admin.stats", headers: bearer(secret) }),
  ],
  session: [
    (secret) => app.inject({ method: "GET", url: "/trpc/apiTokens.list", headers: bearer(secret) }),
    (secret) => app.inject({ method: "POST", url: "/api/auth/logout-all", headers: bearer(secret) }),
  ],
};
const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });
const trpcWith = (secret: string, path: string, input: unknown) =>
  app.inject({
    method: "POST",
    url: `/trpc/${path}`,
    headers: { ...bearer(secret), "content-type": "application/json" },
    payload: JSON.stringify(input),
  });

/** The answer's status and message, REST's `message` or tRPC's `error.message` (none on success). */
async function outcome(answer: PromiseLike<Answer>) {
  const response = await answer;
  const body = response.json();
  return [response.statusCode, response.statusCode < 300 ? null : (body.message ?? body.error?.message)];
}

const ALLOWED = [200, null];
const SCOPE_REFUSED = [403, API_TOKEN_MESSAGES.scopeRefused];
const TOKENS_REFUSED = [403, API_TOKEN_MESSAGES.tokensRefused];

describe("a moderator's tokens: each scope reaches the calls of its rank and below", () => {
  const expected: Record<Scope, Record<Kind, unknown[]>> = {
    read: { read: ALLOWED, write: SCOPE_REFUSED, admin: SCOPE_REFUSED, session: TOKENS_REFUSED },
    write: { read: ALLOWED, write: ALLOWED, admin: SCOPE_REFUSED, session: TOKENS_REFUSED },
    admin: { read: ALLOWED, write: ALLOWED, admin: ALLOWED, session: TOKENS_REFUSED },
  };
  for (const scope of ["read", "write", "admin"] as const) {
    test(`${scope} token`, async () => {
      const secret = await tokenOf(moderator.cookie, scope);
      for (const kind of ["read", "write", "admin", "session"] as const) {
        for (const call of CALLS[kind])
          expect(await outcome(call(secret)), `${scope} on ${kind}`).toEqual(expected[scope][kind]);
      }
    });
  }
});

describe("a token never exceeds its member's role", () => {
  test("a moderator's admin token made before their rights were removed acts as a member", async () => {
    const former = await signUpAs(app, "admin");
    const secret = await tokenOf(former.cookie, "admin");
    expect(await outcome(CALLS.admin[0]!(secret))).toEqual(ALLOWED);
    await setRole(app, former.user.id, "user");
    for (const call of CALLS.admin) expect((await outcome(call(secret)))[0]).toBe(403);
    // Still a member's token of the admin rank: reads and writes as that member.
    for (const call of [...CALLS.read, ...CALLS.write]) expect(await outcome(call(secret))).toEqual(ALLOWED);
  });

  test("the session-only calls take the session, not a token of any scope", async () => {
    const owner = await signUp(app);
    const tokens = await Promise.all((["read", "write"] as const).map((scope) => tokenOf(owner.cookie, scope)));
    for (const secret of tokens) {
      for (const call of CALLS.session) expect(await outcome(call(secret))).toEqual(TOKENS_REFUSED);
    }
    // The member's session still works, and the tokens too: the refusals ended nothing.
    const list = await app.inject({ method: "GET", url: "/trpc/apiTokens.list", headers: { cookie: owner.cookie } });
    expect(list.statusCode).toBe(200);
    expect(list.json().result.data.items).toHaveLength(2);
    for (const secret of tokens) expect(await outcome(CALLS.read[0]!(secret))).toEqual(ALLOWED);
  });
});
