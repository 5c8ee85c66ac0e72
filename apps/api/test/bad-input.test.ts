import { deflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/app.js";
import { signUpAs } from "./support/auth.js";
import { createListing, storedKeys } from "./support/chatbots.js";
import { multipart, pngImage } from "./support/images.js";
import { sendForm } from "./support/requests.js";

/**
 * Table-driven bad input against every /api call of the generated OpenAPI document, as a super admin (so authorization
 * is not what refuses it): each answer is a 4xx with a message, never a 5xx, and nothing changes.
 */
const NASTY_IDS = [
  "..%2F..%2Fetc%2Fpasswd",
  "'%20OR%201%3D1%20--",
  "%00",
  "%F0%9F%98%80",
  "a".repeat(3000),
  "00000000-0000-4000-8000-00000000000g",
  "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
];

const BAD_JSON_BODIES: unknown[] = [
  [],
  "just a string",
  42,
  { idToken: 42, nickname: ["x"], about: { text: "x" }, instagramUrl: 7 },
  { nickname: "x".repeat(100_000), about: "y".repeat(100_000), instagramUrl: `https://${"z".repeat(100_000)}.com` },
  { nickname: "nul\u0000byte", about: "nul\u0000byte" },
  { nickname: "", about: "visit https://spam.example" },
  { instagramUrl: "javascript:alert(1)", blueskyUrl: "not a url", idToken: "" },
];

const harness = await createTestApp();
const app: TestApp = harness.app;
let cookie: string;
let bomb: Buffer;

/** A PNG that claims 30000 x 30000 pixels (2.7 GB decoded) in a few hundred bytes. */
function pixelFlood(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(64 * 1024))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

async function snapshot() {
  const db = app.database.db;
  const users = await db
    .selectFrom("users")
    .select(["id", "updatedAt", "nickname", "about", "isAdmin"])
    .orderBy("id")
    .execute();
  const chatbots = await db.selectFrom("chatbots").select(["id", "updatedAt"]).orderBy("id").execute();
  return JSON.stringify({ users, chatbots, keys: await storedKeys(app) });
}

function concrete(path: string, id: string) {
  return path.replace(/\{[^}]+\}/g, id);
}

beforeAll(async () => {
  const admin = await signUpAs(app, "super-admin");
  cookie = admin.cookie;
  await createListing(app, cookie, { title: "Existing" });
  bomb = pixelFlood(30_000, 30_000);
}, 120_000);
afterAll(() => harness.close());

interface Operation {
  requestBody?: { content: Record<string, unknown> };
}
const document = (await app.inject({ method: "GET", url: "/api/openapi.json" })).json() as {
  paths: Record<string, Record<string, Operation>>;
};
const calls = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({
    path,
    method: method.toUpperCase(),
    body: Boolean(operation.requestBody?.content["application/json"]),
    multipart: Boolean(operation.requestBody?.content["multipart/form-data"]),
  })),
);

describe("path tricks in ids", () => {
  for (const { path, method } of calls.filter((call) => call.path.includes("{"))) {
    it(`${method} ${path}`, async () => {
      const before = await snapshot();
      for (const id of NASTY_IDS) {
        const response = await app.inject({ method: method as "GET", url: concrete(path, id), headers: { cookie } });
        expect(response.statusCode, `${id} → ${response.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, id).toBeLessThan(500);
        expect(response.json().message).toEqual(expect.any(String));
      }
      expect(await snapshot()).toBe(before);
    });
  }
});

describe("malformed JSON bodies", () => {
  for (const { path, method } of calls.filter((call) => call.body)) {
    it(`${method} ${path}`, async () => {
      const before = await snapshot();
      for (const body of BAD_JSON_BODIES) {
        const response = await app.inject({
          method: method as "POST",
          url: concrete(path, "00000000-0000-4000-8000-000000000000"),
          headers: { cookie, "content-type": "application/json" },
          payload: JSON.stringify(body),
        });
        expect(
          response.statusCode,
          `${JSON.stringify(body).slice(0, 80)} → ${response.body.slice(0, 200)}`,
        ).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        expect(response.json().message).toEqual(expect.any(String));
      }
      const broken = await app.inject({
        method: method as "POST",
        url: concrete(path, "00000000-0000-4000-8000-000000000000"),
        headers: { cookie, "content-type": "application/json" },
        payload: '{"nickname": ',
      });
      expect(broken.statusCode).toBe(400);
      expect(await snapshot()).toBe(before);
    });
  }
});

describe("uploads", () => {
  const uploads = calls.filter((call) => call.multipart);
  const field = (call: (typeof uploads)[number]) => (call.path === "/api/user/avatar" ? "avatar" : "image");

  for (const call of uploads) {
    it(`${call.method} ${call.path} refuses lying files, a decompression bomb and 50 MB`, async () => {
      const [existing] = await app.database.db.selectFrom("chatbots").select("id").execute();
      const url = concrete(call.path, existing!.id);
      const before = await snapshot();
      const files = [
        { data: Buffer.from("%PDF-1.4 not an image"), filename: "cat.png", type: "image/png", status: 400 },
        { data: Buffer.from("<svg onload=alert(1)></svg>"), filename: "x.webp", type: "image/webp", status: 400 },
        { data: bomb, filename: "bomb.png", type: "image/png", status: 400 },
        { data: Buffer.alloc(50 * 1024 * 1024, 7), filename: "huge.png", type: "image/png", status: 413 },
      ];
      for (const file of files) {
        const body = multipart({ title: "Bad upload" }, { name: field(call), ...file });
        const response = await app.inject({
          method: call.method as "POST",
          url,
          headers: { cookie, ...body.headers },
          payload: body.payload,
        });
        expect(response.statusCode, `${file.filename} → ${response.body.slice(0, 200)}`).toBe(file.status);
        expect(response.json().message).toEqual(expect.any(String));
      }
      expect(await snapshot()).toBe(before);
    }, 60_000);
  }

  it("a 50 MB JSON body gets 413", async () => {
    const response = await app.inject({
      method: "PUT",
      url: "/api/user/about",
      headers: { cookie, "content-type": "application/json" },
      payload: JSON.stringify({ about: "x".repeat(50 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toEqual(expect.any(String));
  });
});

describe("text that looks like code is stored as text", () => {
  it("keeps SQL and HTML in a title literally and the database intact", async () => {
    const titles = ["Robert'); DROP TABLE chatbots;--", "<img src=x onerror=alert(1)>", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ‮RTL‬ zero​width 😀"];
    for (const title of titles) {
      const created = await createListing(app, cookie, { title, tags: "<b>tag</b>, ' OR 1=1" }, await pngImage(40, 80));
      expect(created.title).toBe(title);
      expect(created.tags).toEqual(["<b>tag</b>", "' OR 1=1"]);
    }
    const list = await app.inject({ method: "GET", url: `/api/chatbots?search=${encodeURIComponent("drop table")}` });
    expect(list.json()).toHaveLength(1);
  });

  it("refuses a NUL character with 400 instead of failing in the database", async () => {
    const before = await snapshot();
    const body = multipart(
      { title: "nul\u0000title" },
      { name: "image", filename: "a.png", type: "image/png", data: await pngImage(41, 82) },
    );
    const response = await sendForm(app, "POST", "/api/chatbots", body, cookie);
    expect(response.statusCode).toBe(400);
    expect(await snapshot()).toBe(before);
  });
});
