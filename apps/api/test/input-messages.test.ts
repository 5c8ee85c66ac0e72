// Bad input gets a clear message and the right status, over REST and tRPC alike, and changes nothing: texts over
// their limits, a second file in a form, too many form fields, a JSON body over the limit (over a real socket).

import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { describe, expect } from "vitest";
import type { TestApp } from "./support/app.js";
import { signUp } from "./support/auth.js";
import { storedKeys } from "./support/chatbots.js";
import { test } from "./support/fixtures.js";
import { multipart, pngImage } from "./support/images.js";
import { listeningOrigin, sendForm } from "./support/requests.js";

let app: TestApp;
let base: string;
let cookie: string;
let image: Buffer;

test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
  base = await listeningOrigin(app);
  cookie = (await signUp(app)).cookie;
  image = await pngImage();
}, 120_000);

/** The rows and stored files a refused request must leave as they were. */
async function snapshot() {
  const chatbots = await app.database.db.selectFrom("chatbots").select(["id", "updatedAt"]).orderBy("id").execute();
  return JSON.stringify({ chatbots, keys: await storedKeys(app) });
}

/** A listing form as the web and REST clients send it, with the image (once, or as the test says). */
function listingForm(
  fields: Record<string, string>,
  files: Array<[field: string, bytes: Buffer]> = [["image", image]],
) {
  const form = new FormData();
  form.append("tags", "fantasy");
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [field, bytes] of files) {
    form.append(field, new Blob([new Uint8Array(bytes)], { type: "image/png" }), "bot.png");
  }
  return form;
}

/** POST /api/chatbots and tRPC chatbots.create with the same form; both answers as status and message. */
async function createBoth(form: () => FormData) {
  const headers = { cookie };
  const rest = await fetch(`${base}/api/chatbots`, { method: "POST", headers, body: form() });
  const trpc = await fetch(`${base}/trpc/chatbots.create`, { method: "POST", headers, body: form() });
  const trpcBody = await trpc.json();
  return {
    rest: { status: rest.status, message: (await rest.json()).message },
    trpc: { status: trpc.status, message: trpcBody.error?.message },
  };
}

describe("texts over their limits", () => {
  const cases: Array<[string, Record<string, string>, string]> = [
    ["a 201-character title", { title: "t".repeat(201) }, "Title must be 200 characters or less"],
    ["a 51-character tag", { title: "ok", tags: `short, ${"g".repeat(51)}` }, "Each tag must be 50 characters or less"],
    [
      "31 tags",
      { title: "ok", tags: Array.from({ length: 31 }, (_, i) => `tag${i}`).join(",") },
      "At most 30 tags are allowed",
    ],
    [
      "a 2001-character series",
      { title: "ok", storySeries: "s".repeat(2001) },
      "Series must be 2000 characters or less",
    ],
    [
      "a 2001-character Polybuzz ID",
      { title: "ok", polybuzzCid: "c".repeat(2001) },
      "Polybuzz ID must be 2000 characters or less",
    ],
    [
      "a Roleplaya URL over 2000 characters",
      { title: "ok", roleplayaUrl: `https://roleplaya.com/${"u".repeat(2000)}` },
      "Roleplaya URL must be 2000 characters or less",
    ],
    ["no title", { title: "" }, "Title is required"],
  ];
  for (const [name, fields, message] of cases) {
    test(`${name}: 400 '${message}' over REST and tRPC`, async () => {
      const before = await snapshot();
      const { rest, trpc } = await createBoth(() => listingForm(fields));
      expect(rest).toEqual({ status: 400, message });
      expect(trpc).toEqual({ status: 400, message });
      expect(await snapshot()).toBe(before);
    });
  }

  test("a title of exactly 200 characters is accepted", async () => {
    const response = await fetch(`${base}/api/chatbots`, {
      method: "POST",
      headers: { cookie },
      body: listingForm({ title: "t".repeat(200) }),
    });
    expect(response.status).toBe(201);
  });

  test("a search text over its limit: 400 'Search must be 200 characters or less'", async () => {
    const response = await fetch(`${base}/api/chatbots?search=${"s".repeat(201)}`);
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe("Search must be 200 characters or less");
  });
});

describe("files and fields in a form", () => {
  test("a second file in the same field: 400 'Only one file may be sent per field', REST and tRPC", async () => {
    const before = await snapshot();
    const { rest, trpc } = await createBoth(() =>
      listingForm({ title: "Twins" }, [
        ["image", image],
        ["image", image],
      ]),
    );
    expect(rest).toEqual({ status: 400, message: "Only one file may be sent per field" });
    expect(trpc).toEqual({ status: 400, message: "Only one file may be sent per field" });
    expect(await snapshot()).toBe(before);
  });

  test("a second file in another field: 400 'Only one file may be sent per request'", async () => {
    const before = await snapshot();
    const response = await fetch(`${base}/api/chatbots`, {
      method: "POST",
      headers: { cookie },
      body: listingForm({ title: "Extra" }, [
        ["image", image],
        ["extra", image],
      ]),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: "Only one file may be sent per request" });
    expect(await snapshot()).toBe(before);
  });

  test("too many fields: 413 with the limit in words, not the library's", async () => {
    const before = await snapshot();
    const fields = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`field${i}`, "x"]));
    const body = multipart({ title: "Crowded", ...fields });
    const response = await sendForm(app, "POST", "/api/chatbots", body, cookie);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ message: "Too many form fields: at most 20 may be sent" });
    expect(await snapshot()).toBe(before);
  });
});

describe("a JSON body over the limit, over a real socket", () => {
  const threeMegabytes = () => JSON.stringify({ idToken: "x".repeat(3 * 1024 * 1024), about: "x" });
  const calls = [
    ["POST", "/api/auth/verify"],
    ["PUT", "/api/user/about"],
    ["POST", "/trpc/auth.verify"],
    ["POST", "/trpc/users.updateAbout,users.updateNickname?batch=1"],
  ] as const;

  for (const [method, path] of calls) {
    test(`${method} ${path}: 413 "Request body too large" (payload_too_large), with and without a length`, async () => {
      for (const chunked of [false, true]) {
        const body = threeMegabytes();
        const response = await fetch(`${base}${path}`, {
          method,
          headers: { cookie, "content-type": "application/json" },
          ...(chunked ? { body: new Blob([body]).stream(), duplex: "half" } : { body }),
        } as RequestInit);
        expect(response.status, chunked ? "chunked" : "with a length").toBe(413);
        expect(await response.text()).toBe('{"message":"Request body too large","code":"payload_too_large"}');
      }
    });
  }

  test("the connection stays open: the next request on the same socket is answered", async () => {
    const { port } = app.server.address() as AddressInfo;
    const socket = connect(port, "127.0.0.1");
    let received = "";
    socket.on("data", (chunk) => {
      received += chunk.toString("latin1");
    });
    const closed = new Promise<Error | null>((resolve) => {
      socket.on("error", resolve);
      socket.on("close", () => resolve(null));
    });
    const body = threeMegabytes();
    socket.write(
      `POST /api/auth/verify HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
    );
    socket.write(body);
    socket.write("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    expect(await closed).toBeNull();
    const answers = received.match(/HTTP\/1\.1 \d{3}/g);
    expect(answers).toEqual(["HTTP/1.1 413", "HTTP/1.1 200"]);
    expect(received).toContain('{"message":"Request body too large","code":"payload_too_large"}');
  });
});
