// The listing domain functions on their own: a listing and its image are saved together or not at all.
import { randomUUID } from "node:crypto";
import type { Database } from "@gallery/db";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatbot, imageKeysOfUser, updateChatbot } from "../src/domain/chatbots.js";
import { createTestApp, type TestApp } from "./support/app.js";
import { signUp } from "./support/auth.js";
import { createListing, storedKeys } from "./support/chatbots.js";
import { pngImage } from "./support/images.js";

let harness: Awaited<ReturnType<typeof createTestApp>>;
let app: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  harness = await createTestApp();
  app = harness.app;
  owner = await signUp(app);
});
afterAll(() => harness.close());

const image = async (colour: string) => ({
  buffer: await pngImage(40, 80, colour),
  filename: "bot.png",
  mimetype: "image/png",
});

const deps = (db: Kysely<Database> = app.database.db) => ({ db, storage: app.storage });

/** The database with one failing write, as when the row cannot be written after the upload. */
function failingOn(db: Kysely<Database>, method: "insertInto" | "updateTable"): Kysely<Database> {
  return new Proxy(db, {
    get(target, property) {
      if (property === method) {
        return () => {
          throw new Error("write failed");
        };
      }
      const value = Reflect.get(target, property);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

describe("createChatbot", () => {
  it("releases the uploaded image when the row cannot be written (an owner that does not exist)", async () => {
    const before = await storedKeys(app);
    await expect(createChatbot(deps(), randomUUID(), { title: "Orphan" }, await image("#aa0000"))).rejects.toThrow();
    expect(await storedKeys(app)).toEqual(before);
  });

  it("stores the original and the card-size variant with the row", async () => {
    const before = await storedKeys(app);
    const created = await createChatbot(deps(), owner.user.id, { title: "Together" }, await image("#00aa00"));
    const keys = await storedKeys(app);
    expect(keys.length).toBe(before.length + 2);
    expect(keys).toContain(created.imageUrl!.replace("/images/", ""));
    expect(keys).toContain(created.thumbnailUrl!.replace("/images/", ""));
  });
});

describe("updateChatbot", () => {
  it("keeps the old image and releases the new one when the row cannot be written", async () => {
    const bot = await createListing(app, owner.cookie, { title: "Steady" }, await pngImage(41, 82, "#0000aa"));
    const before = await storedKeys(app);
    await expect(
      updateChatbot(deps(failingOn(app.database.db, "updateTable")), bot.id, {}, await image("#abcabc"), {
        userId: owner.user.id,
        manageAll: false,
      }),
    ).rejects.toThrow("write failed");
    expect(await storedKeys(app)).toEqual(before);
    const row = await app.database.db
      .selectFrom("chatbots")
      .select("imageUrl")
      .where("id", "=", bot.id)
      .executeTakeFirstOrThrow();
    expect(row.imageUrl).toBe(bot.imageUrl);
  });
});

describe("imageKeysOfUser", () => {
  it("lists the original and thumbnail keys of every listing of the user", async () => {
    const creator = await signUp(app);
    const a = await createListing(app, creator.cookie, { title: "A" }, await pngImage(42, 84, "#111111"));
    const b = await createListing(app, creator.cookie, { title: "B" }, await pngImage(43, 86, "#222222"));
    const keys = await imageKeysOfUser(app.database.db, creator.user.id);
    const expected = [a, b].flatMap((c) => [c.imageUrl!, c.thumbnailUrl!]).map((url) => url.replace("/images/", ""));
    expect([...keys].sort()).toEqual(expected.sort());
  });
});
