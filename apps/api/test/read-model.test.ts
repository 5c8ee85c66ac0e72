// The one listing read model (src/domain/listings/read-model.ts): what lists (JSON built by PostgreSQL)
// and single-row answers (create, update) return is parsed, not cast, with chatbotResponseSchema, and
// the two builds of the shape agree field for field, in the same order, for members and visitors.
import type { UserRow } from "@gallery/db";
import { chatbotResponseSchema, creatorSchema } from "@gallery/schema";
import { describe, expect, it } from "vitest";
import type { Deps } from "../src/domain/deps.js";
import { createListing, updateListing } from "../src/domain/listings/commands.js";
import { listGallery } from "../src/domain/listings/queries.js";
import { toChatbot } from "../src/domain/listings/read-model.js";
import type { Viewer } from "../src/domain/policy.js";
import type { TestApp } from "./support/app.js";
import { setRole, signUp } from "./support/auth.js";
import { test } from "./support/fixtures.js";
import { pngImage } from "./support/images.js";

/** Strict: a field the schema does not know is an error too. */
const listedSchema = chatbotResponseSchema.extend({ user: creatorSchema.strict() }).strict();
const singleSchema = chatbotResponseSchema.strict();

let app: TestApp;
let deps: Deps;
let owner: UserRow;

const userRow = (id: string) =>
  app.database.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const image = async (colour: string) => ({
  bytes: await pngImage(40, 80, colour),
  filename: "b.png",
  mimetype: "image/png",
});

test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
  deps = { db: app.database.db, storage: app.storage, identity: app.identity, config: app.config };
  const signedUp = await signUp(app);
  await setRole(app, signedUp.user.id, "admin");
  await app.database.db.updateTable("users").set({ nickname: "Shaper" }).where("id", "=", signedUp.user.id).execute();
  owner = await userRow(signedUp.user.id);
});

describe("the listing read model", () => {
  it("create and update answer the schema's shape", async () => {
    const created = await createListing(deps, owner, {
      fields: { title: "Plain", tags: [], nsfw: false },
      image: await image("#102030"),
    });
    expect(singleSchema.parse(created)).toEqual(created);
    const full = await createListing(deps, owner, {
      fields: {
        title: "Full",
        tags: ["a", "b"],
        nsfw: true,
        storySeries: "Saga",
        polybuzzCid: "pb-1",
        polybuzzUrl: "https://polybuzz.ai/x",
        roleplayaCid: "rp-1",
        roleplayaUrl: "https://roleplaya.com/y",
      },
      image: await image("#203040"),
    });
    expect(singleSchema.parse(full)).toEqual(full);
    const updated = await updateListing(deps, owner, { id: full.id, fields: { storySeries: null, tags: ["c"] } });
    expect(singleSchema.parse(updated)).toEqual(updated);
    expect(updated).toMatchObject({ storySeries: null, tags: ["c"], title: "Full" });
  });

  it.each([
    ["a member", () => owner],
    ["a visitor", () => null],
  ] as Array<[string, () => Viewer]>)("lists built in SQL equal the row mapper's, for %s", async (_, viewerOf) => {
    const viewer = viewerOf();
    const page = await listGallery(deps, viewer, { limit: 100 });
    expect(page.items.length).toBeGreaterThan(0);
    for (const item of page.items) {
      expect(listedSchema.parse(item)).toEqual(item);
      const row = await app.database.db
        .selectFrom("chatbots")
        .selectAll()
        .where("id", "=", item.id)
        .executeTakeFirstOrThrow();
      const mapped = toChatbot(row, { row: await userRow(row.userId), viewer });
      // Same fields, values and order.
      expect(JSON.stringify(item)).toBe(JSON.stringify(mapped));
    }
    // The policy's answers show through: e-mails for members only, moderators flagged.
    const creator = page.items[0]!.user;
    expect(creator.email).toBe(viewer ? owner.email : null);
    expect(creator.isAdmin).toBe(true);
  });
});
