// The listing domain functions on their own: a listing and its image are saved together or not at all.
import { randomUUID } from "node:crypto";
import type { Database, UserRow } from "@gallery/db";
import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { imageKeysOfUser } from "../src/domain/images/references.js";
import { createListing as createChatbot, updateListing } from "../src/domain/listings/commands.js";
import type { TestApp } from "./support/app.js";
import { signUp } from "./support/auth.js";
import { createListing, storedKeys } from "./support/chatbots.js";
import { test } from "./support/fixtures.js";
import { pngImage } from "./support/images.js";
import { domainDeps, pngUpload, userRow } from "./support/rows.js";

let app: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;

test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
  owner = await signUp(app);
});

const deps = (db?: Kysely<Database>) => domainDeps(app, db);
const fields = (title: string) => ({ title, tags: [], nsfw: false });

/** The database with one failing write, as when the row cannot be written after the upload. */
function failingOn(db: Kysely<Database>, method: "insertInto" | "transaction"): Kysely<Database> {
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

describe("createListing", () => {
  it("releases the uploaded image when the row cannot be written (an owner that does not exist)", async () => {
    const before = await storedKeys(app);
    const ghost: UserRow = { ...(await userRow(app, owner.user.id)), id: randomUUID() };
    await expect(
      createChatbot(deps(), ghost, { fields: fields("Orphan"), image: await pngUpload("#aa0000") }),
    ).rejects.toThrow("Unauthorized");
    expect(await storedKeys(app)).toEqual(before);
  });

  it("stores the original and the card-size variant with the row", async () => {
    const before = await storedKeys(app);
    const created = await createChatbot(deps(), await userRow(app, owner.user.id), {
      fields: fields("Together"),
      image: await pngUpload("#00aa00"),
    });
    const keys = await storedKeys(app);
    expect(keys.length).toBe(before.length + 2);
    expect(keys).toContain(created.imageUrl!.split("/images/")[1]!);
    expect(keys).toContain(created.thumbnailUrl!.split("/images/")[1]!);
  });
});

describe("updateListing", () => {
  it("keeps the old image and releases the new one when the row cannot be written", async () => {
    const bot = await createListing(app, owner.cookie, { title: "Steady" }, await pngImage(41, 82, "#0000aa"));
    const before = await storedKeys(app);
    await expect(
      updateListing(deps(failingOn(app.database.db, "transaction")), await userRow(app, owner.user.id), {
        id: bot.id,
        fields: {},
        image: await pngUpload("#abcabc"),
      }),
    ).rejects.toThrow("write failed");
    expect(await storedKeys(app)).toEqual(before);
    const row = await app.database.db
      .selectFrom("chatbots")
      .select("imageUrl")
      .where("id", "=", bot.id)
      .executeTakeFirstOrThrow();
    // The row keeps the path; answers name it on the origin asked.
    expect(new URL(bot.imageUrl!).pathname).toBe(row.imageUrl);
  });
});

describe("imageKeysOfUser", () => {
  it("lists the original and thumbnail keys of every listing of the user (and the avatar, none here)", async () => {
    const creator = await signUp(app);
    const a = await createListing(app, creator.cookie, { title: "A" }, await pngImage(42, 84, "#111111"));
    const b = await createListing(app, creator.cookie, { title: "B" }, await pngImage(43, 86, "#222222"));
    const keys = await imageKeysOfUser(app.database.db, creator.user.id);
    const expected = [a, b].flatMap((c) => [c.imageUrl!, c.thumbnailUrl!]).map((url) => url.split("/images/")[1]!);
    expect(keys.filter(Boolean).sort()).toEqual(expected.sort());
  });
});
