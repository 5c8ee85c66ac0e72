// Personal API tokens (issue 24, item 1): made and revoked with the session, used as `Authorization: Bearer` on
// REST and tRPC within their scope, refused when wrong, expired or revoked, and never written to a log.
import { Writable } from "node:stream";
import { API_TOKEN_MESSAGES, type ApiToken } from "@gallery/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InvalidApiTokenError } from "../src/domain/errors.js";
import { resolveApiToken } from "../src/domain/members/api-tokens.js";
import { createTestApp, type TestApp } from "./support/app.js";
import { setRole, signUp, signUpAs } from "./support/auth.js";
import { createListing } from "./support/chatbots.js";
import { multipart, pngImage } from "./support/images.js";
import { trpcMutation, trpcQuery } from "./support/requests.js";

const TOKEN_LIMIT = 30;
const logLines: string[] = [];
let harness: Awaited<ReturnType<typeof createTestApp>>;
let app: TestApp;
let member: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  // Its own app, logging every request at debug level into logLines (the api's real logger options).
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  harness = await createTestApp({ LOG_LEVEL: "debug", RATE_LIMIT_API_TOKEN: String(TOKEN_LIMIT) }, { logStream });
  app = harness.app;
  member = await signUp(app);
}, 120_000);
afterAll(() => harness?.close());

/** A new token of the cookie's member: the created item and the whole token string. */
async function createToken(cookie: string, scope: "read" | "write" | "admin", expiresInDays: number | null = null) {
  const response = await trpcMutation(
    app,
    "apiTokens.create",
    { name: `${scope} script`, scope, expiresInDays },
    cookie,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.data as { token: ApiToken; secret: string };
}

const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });
const asToken = (secret: string, method: "GET" | "PUT" | "POST" | "DELETE", url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(secret), ...(payload ? { payload } : {}) });

describe("managing tokens with the session", () => {
  it("creates, lists and revokes; the secret is shown once and never listed", async () => {
    const { token, secret } = await createToken(member.cookie, "read", 30);
    expect(secret).toMatch(/^cgt_[0-9A-Za-z]{12}_\S{43}$/);
    expect(secret.startsWith(`${token.prefix}_`)).toBe(true);
    expect(token).toMatchObject({ name: "read script", scope: "read", lastUsedAt: null });
    const days = (Date.parse(token.expiresAt!) - Date.parse(token.createdAt)) / 86_400_000;
    expect(Math.round(days)).toBe(30);

    const listed = await trpcQuery(app, "apiTokens.list", undefined, member.cookie);
    expect(listed.json().result.data.items).toContainEqual(token);
    expect(listed.body).not.toContain(secret.slice(token.prefix.length + 1));

    const revoked = await trpcMutation(app, "apiTokens.revoke", { id: token.id }, member.cookie);
    expect(revoked.statusCode).toBe(200);
    const after = await trpcQuery(app, "apiTokens.list", undefined, member.cookie);
    expect(after.json().result.data.items.map((item: ApiToken) => item.id)).not.toContain(token.id);
    // Another member's token is not theirs to revoke.
    const other = await signUp(app);
    const theirs = await createToken(other.cookie, "read");
    const refused = await trpcMutation(app, "apiTokens.revoke", { id: theirs.token.id }, member.cookie);
    expect(refused.json().error.message).toBe(API_TOKEN_MESSAGES.notFound);
  });

  it("offers the admin scope to moderators only", async () => {
    const refused = await trpcMutation(app, "apiTokens.create", { name: "x", scope: "admin" }, member.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(API_TOKEN_MESSAGES.adminScopeRefused);
    const moderator = await signUpAs(app, "admin");
    const admin = await createToken(moderator.cookie, "admin");
    expect((await asToken(admin.secret, "GET", "/api/admin/stats")).statusCode).toBe(200);
    // A moderator's write token acts as a plain member: moderators' calls need the admin scope.
    const write = await createToken(moderator.cookie, "write");
    const answer = await asToken(write.secret, "GET", "/api/admin/stats");
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({ message: API_TOKEN_MESSAGES.scopeRefused });
    // The admin scope never exceeds the role: a former moderator's admin token is a member's.
    await setRole(app, moderator.user.id, "user");
    expect((await asToken(admin.secret, "GET", "/api/admin/stats")).statusCode).toBe(403);
  });

  it("refuses a token on the token calls", async () => {
    const { secret } = await createToken(member.cookie, "write");
    const list = await app.inject({ method: "GET", url: "/trpc/apiTokens.list", headers: bearer(secret) });
    expect(list.statusCode).toBe(403);
    expect(list.json().error.message).toBe(API_TOKEN_MESSAGES.tokensRefused);
    const create = await app.inject({
      method: "POST",
      url: "/trpc/apiTokens.create",
      headers: { ...bearer(secret), "content-type": "application/json" },
      payload: JSON.stringify({ name: "more", scope: "read" }),
    });
    expect(create.statusCode).toBe(403);
    expect(create.json().error.message).toBe(API_TOKEN_MESSAGES.tokensRefused);
  });
});

describe("using a token", () => {
  it("reads as its member: their settings, their Saved page, their NSFW view", async () => {
    const creator = await signUp(app);
    const nsfw = await createListing(app, creator.cookie, { title: "Night bot", nsfw: "true" });
    await app.inject({ method: "PUT", url: `/api/user/favorites/${nsfw.id}`, headers: { cookie: member.cookie } });
    const { secret, token } = await createToken(member.cookie, "read");

    const settings = await asToken(secret, "GET", "/api/user/settings");
    expect(settings.statusCode).toBe(200);
    expect(settings.json()).toMatchObject({ nsfwDisplay: expect.any(String) });
    const saved = await asToken(secret, "GET", "/api/user/favorites");
    expect(saved.json().map((listing: { id: string }) => listing.id)).toEqual([nsfw.id]);
    // A member may open an NSFW listing; a visitor gets 401.
    expect((await asToken(secret, "GET", `/api/chatbots/${nsfw.id}`)).statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: `/api/chatbots/${nsfw.id}` })).statusCode).toBe(401);
    // Its NSFW picture too; a bad token there is the same 401, never a server error.
    const picture = new URL(nsfw.imageUrl!, "http://localhost").pathname;
    expect((await app.inject({ method: "GET", url: picture, headers: bearer(secret) })).statusCode).toBe(200);
    const badPicture = await app.inject({ method: "GET", url: picture, headers: bearer("cgt_nope") });
    expect(badPicture.statusCode).toBe(401);
    expect(badPicture.json()).toMatchObject({ message: API_TOKEN_MESSAGES.invalidToken });
    // Over tRPC too.
    const me = await app.inject({ method: "GET", url: "/trpc/auth.user", headers: bearer(secret) });
    expect(me.json().result.data).toMatchObject({ id: member.user.id });

    const listed = await trpcQuery(app, "apiTokens.list", undefined, member.cookie);
    const used = listed.json().result.data.items.find((item: ApiToken) => item.id === token.id);
    expect(used.lastUsedAt).not.toBeNull();
  });

  it("refuses a change to a read token with 403, REST and tRPC alike", async () => {
    const { secret } = await createToken(member.cookie, "read");
    const rest = await asToken(secret, "PUT", "/api/user/settings", { blockedTags: [], nsfwDisplay: "show" });
    expect(rest.statusCode).toBe(403);
    expect(rest.json()).toMatchObject({ message: API_TOKEN_MESSAGES.scopeRefused });
    const trpc = await app.inject({
      method: "POST",
      url: "/trpc/settings.updateSafety",
      headers: { ...bearer(secret), "content-type": "application/json" },
      payload: JSON.stringify({ blockedTags: [], nsfwDisplay: "show" }),
    });
    expect(trpc.statusCode).toBe(403);
    expect(trpc.json().error.message).toBe(API_TOKEN_MESSAGES.scopeRefused);
  });

  it("creates, edits and deletes a listing with a write token over REST (with an image) and tRPC", async () => {
    const { secret } = await createToken(member.cookie, "write");
    const form = multipart(
      { title: "Scripted bot", tags: "scripts" },
      { name: "image", filename: "bot.png", type: "image/png", data: await pngImage() },
    );
    // From another origin: a Bearer request is not a browser's cookie, so the origin check does not apply.
    const created = await app.inject({
      method: "POST",
      url: "/api/chatbots",
      headers: { ...form.headers, ...bearer(secret), origin: "https://elsewhere.example" },
      payload: form.payload,
    });
    expect(created.statusCode, created.body).toBe(201);
    const listing = created.json() as { id: string; userId: string };
    expect(listing.userId).toBe(member.user.id);
    const edit = multipart({ title: "Scripted bot, edited" });
    const edited = await app.inject({
      method: "PUT",
      url: `/api/chatbots/${listing.id}`,
      headers: { ...edit.headers, ...bearer(secret) },
      payload: edit.payload,
    });
    expect(edited.json()).toMatchObject({ title: "Scripted bot, edited" });
    expect((await asToken(secret, "DELETE", `/api/chatbots/${listing.id}`)).statusCode).toBe(200);

    // tRPC: FormData for the create, JSON for the delete.
    const trpcForm = new FormData();
    trpcForm.append("title", "Typed bot");
    trpcForm.append("tags", "scripts");
    trpcForm.append("image", new Blob([new Uint8Array(await pngImage())], { type: "image/png" }), "bot.png");
    const request = new Request("http://localhost/", { method: "POST", body: trpcForm });
    const viaTrpc = await app.inject({
      method: "POST",
      url: "/trpc/chatbots.create",
      headers: { ...bearer(secret), "content-type": request.headers.get("content-type")! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(viaTrpc.statusCode, viaTrpc.body).toBe(200);
    const id = viaTrpc.json().result.data.id as string;
    const deleted = await app.inject({
      method: "POST",
      url: "/trpc/chatbots.delete",
      headers: { ...bearer(secret), "content-type": "application/json" },
      payload: JSON.stringify({ id }),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await app.inject({ method: "GET", url: `/api/chatbots/${id}` })).statusCode).toBe(404);
  });

  it("answers 401 with the message to an unknown, tampered, expired, revoked or suspended member's token", async () => {
    const expect401 = async (authorization: string, why: string) => {
      const rest = await app.inject({ method: "GET", url: "/api/user/settings", headers: { authorization } });
      expect(rest.statusCode, why).toBe(401);
      expect(rest.json(), why).toMatchObject({ message: API_TOKEN_MESSAGES.invalidToken });
      const trpc = await app.inject({ method: "GET", url: "/trpc/auth.user", headers: { authorization } });
      expect(trpc.statusCode, why).toBe(401);
      expect(trpc.json().error.message, why).toBe(API_TOKEN_MESSAGES.invalidToken);
    };
    const { secret, token } = await createToken(member.cookie, "write");
    await expect401(`Bearer cgt_AAAAAAAAAAAA_${secret.slice(-43)}`, "unknown");
    await expect401("Bearer not-a-token", "malformed");
    const last = secret.at(-1) === "A" ? "B" : "A";
    await expect401(`Bearer ${secret.slice(0, -1)}${last}`, "tampered");
    // A bad token is refused even with a valid session cookie beside it.
    const withCookie = await app.inject({
      method: "GET",
      url: "/api/user/settings",
      headers: { authorization: "Bearer nope", cookie: member.cookie },
    });
    expect(withCookie.statusCode).toBe(401);

    const expiring = await createToken(member.cookie, "read", 7);
    expect((await asToken(expiring.secret, "GET", "/api/user/settings")).statusCode).toBe(200);
    await app.database.db
      .updateTable("apiTokens")
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where("id", "=", expiring.token.id)
      .execute();
    await expect401(`Bearer ${expiring.secret}`, "expired");

    expect((await asToken(secret, "GET", "/api/user/settings")).statusCode).toBe(200);
    await trpcMutation(app, "apiTokens.revoke", { id: token.id }, member.cookie);
    await expect401(`Bearer ${secret}`, "revoked: the very next request");

    const suspended = await signUp(app);
    const theirs = await createToken(suspended.cookie, "read");
    await app.database.db
      .updateTable("users")
      .set({ suspendedAt: new Date() })
      .where("id", "=", suspended.user.id)
      .execute();
    await expect401(`Bearer ${theirs.secret}`, "suspended");
  });

  // Issue 39 §4: an Authorization header is a credential; one that is not `Bearer <token>` is not "no token".
  it("expires at the moment its expiry says, and notes its last use at most once a minute", async () => {
    const { secret, token } = await createToken(member.cookie, "read", 7);
    const expiry = Date.parse(token.expiresAt!);
    const db = app.database.db;
    const lastUsed = async () =>
      (await db.selectFrom("apiTokens").select("lastUsedAt").where("id", "=", token.id).executeTakeFirstOrThrow())
        .lastUsedAt;
    const start = new Date(expiry - 3_600_000);
    expect((await resolveApiToken(db, secret, start)).viewer.id).toBe(member.user.id);
    expect(await lastUsed()).toEqual(start);
    await resolveApiToken(db, secret, new Date(start.getTime() + 59_999));
    expect(await lastUsed()).toEqual(start);
    const minuteLater = new Date(start.getTime() + 60_000);
    await resolveApiToken(db, secret, minuteLater);
    expect(await lastUsed()).toEqual(minuteLater);
    expect((await resolveApiToken(db, secret, new Date(expiry - 1))).scope).toBe("read");
    await expect(resolveApiToken(db, secret, new Date(expiry))).rejects.toBeInstanceOf(InvalidApiTokenError);
    // A token without an expiry never expires.
    const forever = await createToken(member.cookie, "write");
    expect(forever.token.expiresAt).toBeNull();
    expect((await resolveApiToken(db, forever.secret, new Date(Date.now() + 3_650 * 86_400_000))).scope).toBe("write");
  });

  it("answers 401 to an Authorization header that is not exactly Bearer <token>, REST and tRPC alike", async () => {
    const { secret } = await createToken(member.cookie, "read");
    const refused = [
      ["Basic dXNlcjpwYXNzd29yZA==", "another scheme"],
      [`Token ${secret}`, "another scheme with the token"],
      [secret, "the token without a scheme"],
      ["Bearer", "Bearer alone"],
      [`Bearer  ${secret}`, "two spaces"],
      [`Bearer\t${secret}`, "a tab"],
      [`Bearer ${secret} ${secret}`, "two tokens"],
      [`Bearer ${secret},x`, "more after the token"],
      ["", "an empty header"],
    ];
    for (const [index, [authorization, why]] of (refused as [string, string][]).entries()) {
      // Each from its own address: refused tokens count against their address's budget.
      const remoteAddress = `198.51.100.${index + 1}`;
      // The gallery's public read too, which a request without credentials may make.
      for (const url of ["/api/user/settings", "/api/chatbots?limit=1"]) {
        const rest = await app.inject({ method: "GET", url, headers: { authorization }, remoteAddress });
        expect(rest.statusCode, `${why}: ${url}`).toBe(401);
        expect(rest.json(), why).toMatchObject({ message: API_TOKEN_MESSAGES.invalidToken });
      }
      for (const url of ["/trpc/auth.user", "/trpc/chatbots.list"]) {
        const trpc = await app.inject({ method: "GET", url, headers: { authorization }, remoteAddress });
        expect(trpc.statusCode, `${why}: ${url}`).toBe(401);
        expect(trpc.json().error.message, why).toBe(API_TOKEN_MESSAGES.invalidToken);
      }
      // Not even with a valid session beside it.
      const withCookie = await app.inject({
        method: "GET",
        url: "/api/user/settings",
        headers: { authorization, cookie: member.cookie },
        remoteAddress,
      });
      expect(withCookie.statusCode, why).toBe(401);
    }
    // The scheme is case-insensitive (RFC 7235 §2.1).
    for (const scheme of ["bearer", "BEARER", "Bearer"]) {
      const headers = { authorization: `${scheme} ${secret}` };
      expect((await app.inject({ method: "GET", url: "/api/user/settings", headers })).statusCode, scheme).toBe(200);
      expect((await app.inject({ method: "GET", url: "/trpc/auth.user", headers })).statusCode, scheme).toBe(200);
    }
    // Without the header a public read is a visitor's.
    expect((await app.inject({ method: "GET", url: "/api/chatbots?limit=1" })).statusCode).toBe(200);
  });

  // A browser script on another origin reads how much budget is left and, over it, how long to wait.
  it("sends the budget's headers and Retry-After, readable by a script on another origin", async () => {
    const owner = await signUp(app);
    const { secret } = await createToken(owner.cookie, "read");
    const read = () =>
      app.inject({
        method: "GET",
        url: "/api/chatbots?limit=1",
        headers: { ...bearer(secret), origin: "https://tool.example" },
      });
    const first = await read();
    expect(first.statusCode).toBe(200);
    expect(first.headers["x-ratelimit-limit"]).toBe(String(TOKEN_LIMIT));
    expect(first.headers["x-ratelimit-remaining"]).toBe(String(TOKEN_LIMIT - 1));
    expect(Number(first.headers["x-ratelimit-reset"])).toBeGreaterThan(0);
    const exposed = (response: typeof first) =>
      String(response.headers["access-control-expose-headers"])
        .split(",")
        .map((name) => name.trim().toLowerCase());
    expect(first.headers["access-control-allow-origin"]).toBe("*");
    expect(exposed(first)).toEqual(
      expect.arrayContaining([
        "link",
        "retry-after",
        "x-ratelimit-limit",
        "x-ratelimit-remaining",
        "x-ratelimit-reset",
      ]),
    );
    for (let i = 1; i < TOKEN_LIMIT; i++) expect((await read()).statusCode).toBe(200);
    const limited = await read();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.headers["x-ratelimit-remaining"]).toBe("0");
    expect(limited.headers["access-control-allow-origin"]).toBe("*");
    expect(exposed(limited)).toContain("retry-after");
  });

  // Issue 36 changed this rule: the limit was per token (so tokens multiplied it); it is one budget per member.
  it("has its own rate limit on reads, per member over all of their tokens", async () => {
    const owner = await signUp(app);
    const first = await createToken(owner.cookie, "read");
    const second = await createToken(owner.cookie, "read");
    const statuses: number[] = [];
    for (let i = 0; i < TOKEN_LIMIT; i++)
      statuses.push((await asToken(i % 2 ? second.secret : first.secret, "GET", "/api/user/settings")).statusCode);
    expect(statuses.every((status) => status === 200)).toBe(true);
    for (const token of [first, second]) {
      const limited = await asToken(token.secret, "GET", "/api/user/settings");
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toMatch(/^Too many requests, please try again in \d+ seconds$/);
    }
    // Another member's token has its own budget.
    const other = await createToken(member.cookie, "read");
    expect((await asToken(other.secret, "GET", "/api/user/settings")).statusCode).toBe(200);
    // The member's own session is not limited on reads.
    const session = await app.inject({ method: "GET", url: "/api/user/settings", headers: { cookie: owner.cookie } });
    expect(session.statusCode).toBe(200);
  });

  it("never writes a token's secret to the log", async () => {
    const { secret } = await createToken(member.cookie, "write");
    const from = logLines.length;
    await asToken(secret, "GET", "/api/user/settings");
    await asToken(secret, "PUT", "/api/user/settings", { blockedTags: ["x"], nsfwDisplay: "blur" });
    await app.inject({ method: "GET", url: "/trpc/apiTokens.list", headers: bearer(secret) });
    const lines = logLines.slice(from);
    expect(lines.length).toBeGreaterThan(0);
    const secretPart = secret.split("_").slice(2).join("_");
    expect(lines.filter((line) => line.includes(secretPart))).toEqual([]);
    // Had a header object been logged, the redaction would have censored it.
    app.log.info({ headers: bearer(secret) }, "headers");
    expect(logLines.at(-1)).not.toContain(secretPart);
    expect(logLines.at(-1)).toContain("[redacted]");
  });
});
