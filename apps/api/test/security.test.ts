import { describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/app.js";
import { createAccount, signUp, verifyToken } from "./support/auth.js";
import { createListing } from "./support/chatbots.js";
import { test } from "./support/fixtures.js";

let app: TestApp;
test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
});

describe("cross-origin writes", () => {
  it("refuses a state-changing request from another origin and changes nothing", async () => {
    const { cookie } = await signUp(app);
    const bot = await createListing(app, cookie, { title: "Keep me" });
    const response = await app.inject({
      method: "DELETE",
      url: `/api/chatbots/${bot.id}`,
      headers: { cookie, origin: "https://evil.example", host: "localhost:3000" },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe("Cross-origin request refused");
    const fetchSite = await app.inject({
      method: "DELETE",
      url: `/api/chatbots/${bot.id}`,
      headers: { cookie, "sec-fetch-site": "cross-site" },
    });
    expect(fetchSite.statusCode).toBe(403);
    const row = await app.database.db.selectFrom("chatbots").select("id").where("id", "=", bot.id).executeTakeFirst();
    expect(row).toBeDefined();
  });

  it("accepts the same origin", async () => {
    const { cookie } = await signUp(app);
    const bot = await createListing(app, cookie);
    const response = await app.inject({
      method: "DELETE",
      url: `/api/chatbots/${bot.id}`,
      headers: { cookie, origin: "http://localhost:3000", host: "localhost:3000" },
    });
    expect(response.statusCode).toBe(200);
  });

  it("refuses a cross-origin tRPC mutation too", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/trpc/auth.logout",
      headers: { origin: "https://evil.example", host: "localhost:3000", "content-type": "application/json" },
      payload: "{}",
    });
    expect(response.statusCode).toBe(403);
  });
});

describe("security headers", () => {
  it("sends a content security policy and the usual hardening headers", async () => {
    const response = await app.inject({ method: "GET", url: "/api/health" });
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBeDefined();
  });
});

describe("rate limits", () => {
  it("limits sign-in verification per address with a clear 429", async () => {
    const limited = await createTestApp({ RATE_LIMIT_SIGNIN: "3" });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        const account = await createAccount();
        const response = await verifyToken(limited.app, account.idToken);
        statuses.push(response.statusCode);
        if (response.statusCode === 429)
          expect(response.json().message).toMatch(/^Too many requests, please try again in \d+ seconds$/);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });

  it("limits writes per user but never reads", async () => {
    // One budget over all of a member's writes (issue 36): signing up answers the age question, the first of three.
    const limited = await createTestApp({ RATE_LIMIT_WRITES: "3" });
    try {
      const { cookie } = await signUp(limited.app);
      const statuses = [];
      for (let i = 0; i < 3; i++) {
        const response = await limited.app.inject({
          method: "DELETE",
          url: "/api/chatbots/00000000-0000-4000-8000-000000000000",
          headers: { cookie },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([404, 404, 429]);
      for (let i = 0; i < 5; i++) {
        expect(
          (await limited.app.inject({ method: "GET", url: "/api/chatbots", headers: { cookie } })).statusCode,
        ).toBe(200);
        expect(
          (await limited.app.inject({ method: "GET", url: "/trpc/chatbots.count?input=%7B%7D", headers: { cookie } }))
            .statusCode,
        ).toBe(200);
      }
    } finally {
      await limited.close();
    }
  });
});
