// GET /api/health says whether the app can answer: not only `SELECT 1`, but the gallery's own reads.
import { sql } from "kysely";
import { expect, test } from "./support/fixtures.js";

test("is green when the database, object storage and the gallery's reads answer", async ({ app }) => {
  const response = await app.inject({ method: "GET", url: "/api/health" });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ status: "ok", database: "ok", storage: "ok", gallery: "ok" });
});

test("fails with 503 while the gallery cannot be read although the database answers", async ({ app }) => {
  const { db } = app.database;
  await sql`ALTER TABLE chatbots RENAME TO chatbots_away`.execute(db);
  try {
    const response = await app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(503);
    expect(response.headers["retry-after"]).toBe("5");
    expect(response.json()).toEqual({ status: "unavailable", database: "ok", storage: "ok", gallery: "down" });
  } finally {
    await sql`ALTER TABLE chatbots_away RENAME TO chatbots`.execute(db);
  }
  expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
});
