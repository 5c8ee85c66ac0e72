import { chatbotResponseSchema, userResponseSchema } from "@gallery/schema";
import { describe, expect, it } from "vitest";
import type { TestApp } from "./support/app.js";
import { signUp } from "./support/auth.js";
import { createListing } from "./support/chatbots.js";
import { test } from "./support/fixtures.js";
import { multipart, pngImage } from "./support/images.js";
import { sendForm } from "./support/requests.js";

/**
 * What the REST routes (src/http) promise a client beyond single calls: how they read bodies, how
 * they answer errors, and that their answers have the documented shapes.
 */

let app: TestApp;
let owner: { cookie: string; user: { id: string } };
test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
  owner = await signUp(app);
});

describe("bodies", () => {
  it("answers 415 to a body that is not multipart on the upload calls", async () => {
    const listing = await createListing(app, owner.cookie, { title: "Target" });
    for (const [method, url] of [
      ["POST", "/api/chatbots"],
      ["PUT", `/api/chatbots/${listing.id}`],
      ["PUT", "/api/user/avatar"],
    ] as const) {
      const response = await app.inject({
        method,
        url,
        headers: { cookie: owner.cookie, "content-type": "application/json" },
        payload: JSON.stringify({ title: "JSON" }),
      });
      expect(response.statusCode, url).toBe(415);
      expect(response.json()).toEqual({
        message: "Expected a multipart/form-data body",
        code: "unsupported_media_type",
      });
    }
  });

  it("turns a visitor's upload away with 401 before reading it (no 413 for 50 MB)", async () => {
    const body = multipart({}, { name: "avatar", filename: "a.png", type: "image/png", data: Buffer.alloc(50e6, 1) });
    const response = await app.inject({
      method: "PUT",
      url: "/api/user/avatar",
      headers: body.headers,
      payload: body.payload,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: "Unauthorized", code: "unauthorized" });
  });

  it("treats an empty file input as no new image on an edit", async () => {
    const listing = await createListing(app, owner.cookie, { title: "Keep my image" });
    const body = multipart(
      { title: "Renamed" },
      { name: "image", filename: "", type: "application/octet-stream", data: Buffer.alloc(0) },
    );
    const response = await sendForm(app, "PUT", `/api/chatbots/${listing.id}`, body, owner.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ title: "Renamed", imageUrl: listing.imageUrl });
  });

  it("answers 400 to a multipart body it cannot read", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/chatbots",
      headers: { cookie: owner.cookie, "content-type": "multipart/form-data; boundary=xyz" },
      payload: '--xyz\r\nContent-Disposition: form-data; name="title"\r\n\r\nunterminated',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual(expect.any(String));
  });
});

describe("errors", () => {
  it("answers the first validation problem's message, its code and the field, and nothing else", async () => {
    // A cursor is refused by the domain when it reads it (no schema issue, so no field); an id by its schema.
    const cursor = await app.inject({ method: "GET", url: "/api/chatbots?cursor=abc" });
    expect(cursor.statusCode).toBe(400);
    expect(cursor.json()).toEqual({ message: "Invalid cursor", code: "invalid_input" });
    const id = await app.inject({ method: "GET", url: "/api/users/not-a-uuid" });
    expect(id.statusCode).toBe(400);
    expect(id.json()).toEqual({ message: "Invalid user id", code: "invalid_input", field: "userId" });
    for (const [url, field] of [
      ["/api/chatbots?limit=0", "limit"],
      ["/api/chatbots?limit=ten", "limit"],
      ["/api/chatbots?nsfw=maybe", "nsfw"],
    ]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ message: expect.any(String), code: "invalid_input", field });
    }
  });

  it("says Unauthorized in every 401 body", async () => {
    for (const [method, url] of [
      ["GET", "/api/auth/user"],
      ["GET", "/api/user/chatbots"],
      ["PUT", "/api/user/nickname"],
      ["GET", "/api/admin/stats"],
      ["DELETE", "/api/admin/users/00000000-0000-4000-8000-000000000000"],
    ] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode, url).toBe(401);
      expect(response.json(), url).toEqual({ message: "Unauthorized", code: "unauthorized" });
    }
  });

  it("says who may do it in a 403, before looking at the input", async () => {
    const response = await app.inject({
      method: "DELETE",
      url: "/api/admin/users/not-a-uuid",
      headers: { cookie: owner.cookie },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: "Admin access required", code: "forbidden" });
  });
});

describe("answers", () => {
  it("redirects /api/login to the sign-in page", async () => {
    const response = await app.inject({ method: "GET", url: "/api/login" });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("/auth");
  });

  it("answers lists as JSON arrays of the documented shape, the next page in the Link header", async () => {
    await createListing(app, owner.cookie, { title: "Page one" });
    await createListing(app, owner.cookie, { title: "Page two" }, await pngImage(30, 60));
    const first = await app.inject({ method: "GET", url: `/api/users/${owner.user.id}/chatbots?limit=1` });
    expect(first.statusCode).toBe(200);
    const items = first.json();
    expect(Array.isArray(items)).toBe(true);
    for (const item of items) chatbotResponseSchema.parse(item);
    const next = /^<([^>]+)>; rel="next"$/.exec(String(first.headers.link));
    expect(next?.[1]).toMatch(new RegExp(`^/api/users/${owner.user.id}/chatbots\\?limit=1&cursor=`));
    const second = await app.inject({ method: "GET", url: next![1]! });
    expect(second.statusCode).toBe(200);
    expect(second.json()[0].id).not.toBe(items[0].id);
  });

  it("answers the user in the documented shape", async () => {
    const response = await app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie: owner.cookie } });
    expect(response.statusCode).toBe(200);
    userResponseSchema.parse(response.json());
  });
});
