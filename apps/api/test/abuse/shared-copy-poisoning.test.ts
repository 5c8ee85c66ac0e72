import { request } from "node:http";
import { describe, expect } from "vitest";
import type { TestApp } from "../support/app.js";
import { signUp } from "../support/auth.js";
import { createListing } from "../support/chatbots.js";
import { test } from "../support/fixtures.js";
import { listeningOrigin } from "../support/requests.js";
import { fakeWebDist } from "../support/web-dist.js";

/**
 * Issue 36 item 4: the served page's first reads were asked of the server's own /trpc by an inner request from
 * 127.0.0.1 that copied the outer request's X-Forwarded-* (and host) headers. With loopback a trusted proxy and no
 * PUBLIC_URL, a client reaching the app directly made the shared copy of a listing's page carry
 * `"imageUrl":"https://evil.example/…"` for every later visitor. The inner request now carries no client header but
 * the session cookie; the origin its answers are made for is handed over as a value.
 */
const PROXY = "127.0.0.1";
const DIRECT_CLIENT = "127.0.0.3";
const EVIL = "evil.example";
test.override("appEnv", { WEB_DIST: fakeWebDist(), TRUST_PROXY: PROXY, PUBLIC_URL: "" });

let app: TestApp;
let base: string;
let listingPath: string;
let listingId: string;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A GET over a real socket from `from` (the client's own address), with the headers it chooses. */
function get(path: string, headers: Record<string, string> = {}, from = DIRECT_CLIENT): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { localAddress: from, agent: false, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

const HOSTILE = { "x-forwarded-host": EVIL, "x-forwarded-proto": "https", "x-forwarded-for": "203.0.113.66" };

test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
  expect(app.config.publicUrl).toBeUndefined();
  base = await listeningOrigin(app);
  const creator = await signUp(app);
  const listing = await createListing(app, creator.cookie, { title: "Poison target" });
  expect(listing.imageUrl).toBeTruthy();
  listingId = listing.id;
  const moved = await get(`/chatbots/${listing.id}`);
  expect(moved.status).toBe(301);
  listingPath = new URL(String(moved.headers.location), base).pathname;
});

describe("forwarding headers from a direct client reach no other visitor", () => {
  test("a listing's page: the hostile request's own answer, and every later visitor's, name only the real origin", async () => {
    const hostile = await get(listingPath, HOSTILE);
    expect(hostile.status).toBe(200);
    expect(hostile.body).toContain("first-reads");
    expect(hostile.body).not.toContain(EVIL);
    expect(hostile.body).toContain(`${base}/images/`);

    // Later visitors: the page (from its shared copy once kept) and the API reads of the same listing.
    for (let i = 0; i < 3; i++) {
      const page = await get(listingPath);
      expect(page.status).toBe(200);
      expect(page.body).not.toContain(EVIL);
      expect(page.body).toContain(`${base}/images/`);
    }
    const reads = [
      `/api/chatbots/${listingId}`,
      "/api/chatbots",
      `/trpc/chatbots.byId?input=${encodeURIComponent(JSON.stringify({ id: listingId }))}`,
    ];
    for (const path of reads) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      expect(answer.body, path).not.toContain(EVIL);
    }
  });

  test("the gallery's page too", async () => {
    const hostile = await get("/", HOSTILE);
    expect(hostile.status).toBe(200);
    expect(hostile.body).toContain("first-reads");
    expect(hostile.body).not.toContain(EVIL);
    for (let i = 0; i < 2; i++) {
      const page = await get("/");
      expect(page.body).not.toContain(EVIL);
      expect(page.body).toContain(`${base}/images/`);
    }
  });

  test("a client cannot pose as the server's own inner request", async () => {
    const posing = await get(listingPath, { ...HOSTILE, "x-gallery-inner-request": "guessed" });
    expect(posing.body).not.toContain(EVIL);
    const read = await get(`/api/chatbots/${listingId}`, { "x-gallery-inner-request": "guessed" });
    expect(read.body).not.toContain(EVIL);
  });

  test("the proxy's own forwarding headers still count (loopback is the trusted proxy)", async () => {
    // Through the proxy, the host it forwards is the origin; its answers are kept apart from the direct ones.
    const proxied = await get(
      listingPath,
      { "x-forwarded-host": "gallery.example", "x-forwarded-proto": "https" },
      PROXY,
    );
    expect(proxied.status).toBe(200);
    expect(proxied.body).toContain("https://gallery.example/images/");
    expect((await get(listingPath)).body).not.toContain("gallery.example/images/");
  });
});
