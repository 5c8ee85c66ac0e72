// Errors a program can rely on (issue 39 §4): every error answer carries a `code` from one list (ERROR_CODES in
// @gallery/schema) and, for input refused by its schema, the `field` that is wrong: REST in the body, tRPC in the
// error's data (`errorCode`, `field`). The messages stay the spec's.
import { ERROR_CODES } from "@gallery/schema";
import { describe, expect } from "vitest";
import type { TestApp } from "./support/app.js";
import { signUp } from "./support/auth.js";
import { test } from "./support/fixtures.js";
import { getAs, sendJson, trpcMutation, trpcQuery } from "./support/requests.js";

let app: TestApp;
let cookie: string;

test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
  cookie = (await signUp(app)).cookie;
}, 120_000);

const NOBODY = "00000000-0000-4000-8000-000000000000";
/** The member's nickname change with this body as it comes, sent as `type`. */
const putNicknameAs = (type: string, body: string) =>
  app.inject({ method: "PUT", url: "/api/user/nickname", headers: { cookie, "content-type": type }, payload: body });

describe("REST errors", () => {
  test("a value refused by its schema: 400 with the message, invalid_input and the field", async () => {
    const response = await sendJson(app, "PUT", "/api/user/nickname", { nickname: "x".repeat(33) }, cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: "Nickname must be 32 characters or less",
      code: "invalid_input",
      field: "nickname",
    });
  });

  test("a path parameter refused by its schema names the parameter", async () => {
    const response = await getAs(app, "/api/users/not-a-uuid");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: "Invalid user id", code: "invalid_input", field: "userId" });
  });

  test("401, 404, 403 and 409 each carry their code", async () => {
    const visitor = await getAs(app, "/api/auth/user");
    expect([visitor.statusCode, visitor.json()]).toEqual([401, { message: "Unauthorized", code: "unauthorized" }]);
    const badToken = await app.inject({
      method: "GET",
      url: "/api/chatbots",
      headers: { authorization: "Bearer cgt_not-a-real-token" },
    });
    expect([badToken.statusCode, badToken.json()]).toEqual([
      401,
      { message: "Invalid or expired API token", code: "invalid_token" },
    ]);
    const missing = await getAs(app, `/api/users/${NOBODY}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe("not_found");
    const notAdmin = await getAs(app, "/api/admin/stats", cookie);
    expect(notAdmin.statusCode).toBe(403);
    expect(notAdmin.json().code).toBe("forbidden");
    const crossOrigin = await app.inject({
      method: "PUT",
      url: "/api/user/nickname",
      headers: { cookie, origin: "https://elsewhere.example" },
      payload: { nickname: "Elsewhere" },
    });
    expect([crossOrigin.statusCode, crossOrigin.json()]).toEqual([
      403,
      { message: "Cross-origin request refused", code: "forbidden" },
    ]);
  });

  test("a JSON call sent another content type: 415 unsupported_media_type, as documented", async () => {
    const response = await putNicknameAs("application/xml", "<nickname>Plain</nickname>");
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe("unsupported_media_type");
    const document = (await app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    expect(Object.keys(document.paths["/api/user/nickname"].put.responses)).toEqual(
      expect.arrayContaining(["400", "413", "415", "429", "500", "503"]),
    );
  });

  test("a JSON body over the limit: 413 payload_too_large; broken JSON: 400 invalid_input", async () => {
    const large = await putNicknameAs("application/json", JSON.stringify({ nickname: "x".repeat(1_100_000) }));
    expect([large.statusCode, large.json()]).toEqual([
      413,
      { message: "Request body too large", code: "payload_too_large" },
    ]);
    const broken = await putNicknameAs("application/json", "{nickname");
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe("invalid_input");
  });

  test("every code is one of the declared list", () => {
    expect(Object.keys(ERROR_CODES)).toEqual(
      expect.arrayContaining(["invalid_input", "unauthorized", "not_found", "rate_limited", "unavailable"]),
    );
  });
});

describe("tRPC errors carry the same code and field in their data", () => {
  test("a value refused by its schema", async () => {
    const response = await trpcMutation(app, "users.updateNickname", { nickname: "x".repeat(33) }, cookie);
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.message).toBe("Nickname must be 32 characters or less");
    expect(error.data).toMatchObject({ code: "BAD_REQUEST", errorCode: "invalid_input", field: "nickname" });
  });

  test("a bad id, a visitor, a bad token and a missing profile", async () => {
    const invalid = (await trpcQuery(app, "users.byId", { userId: "x" })).json();
    expect(invalid.error.data).toMatchObject({ errorCode: "invalid_input", field: "userId" });
    const visitor = (await getAs(app, "/trpc/auth.user")).json();
    expect(visitor.error.message).toBe("Unauthorized");
    expect(visitor.error.data.errorCode).toBe("unauthorized");
    expect(visitor.error.data.field).toBeUndefined();
    const badToken = await app.inject({
      method: "GET",
      url: "/trpc/auth.user",
      headers: { authorization: "Bearer cgt_not-a-real-token" },
    });
    expect(badToken.json().error.data.errorCode).toBe("invalid_token");
    const missing = (await trpcQuery(app, "users.byId", { userId: NOBODY })).json();
    expect(missing.error.data.errorCode).toBe("not_found");
  });
});
