import type { Database, UserRow, UserUpdate } from "@gallery/db";
import type { Kysely } from "kysely";
import type { Deps } from "../../src/domain/deps.js";
import type { TestApp } from "./app.js";
import { pngImage } from "./images.js";

/** The domain's dependencies as the test app holds them, for a call straight into the domain (no request). */
export const domainDeps = (app: TestApp, db: Kysely<Database> = app.database.db): Deps => ({
  db,
  storage: app.storage,
  identity: app.identity,
  config: app.config,
});

/** A user's row as stored: the viewer of a domain call, or what a request wrote. */
export const userRow = (app: TestApp, id: string): Promise<UserRow> =>
  app.database.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

/** Writes a user's columns straight into the database (a nickname, an approval): set-up that no call makes. */
export const updateUser = (app: TestApp, id: string, values: UserUpdate) =>
  app.database.db.updateTable("users").set(values).where("id", "=", id).execute();

/** A PNG (pngImage) as an upload reaches the domain: its bytes, file name and type. */
export const pngUpload = async (colour?: string, width = 40, height = 80) => ({
  bytes: await pngImage(width, height, colour),
  filename: "bot.png",
  mimetype: "image/png",
});
