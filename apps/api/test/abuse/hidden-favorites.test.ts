import type { Chatbot } from "@gallery/schema";
import { describe, expect } from "vitest";
import type { TestApp } from "../support/app.js";
import { signUp, signUpAs } from "../support/auth.js";
import { createListing } from "../support/chatbots.js";
import { test } from "../support/fixtures.js";
import { moderate } from "../support/moderation.js";
import { trpcMutation, trpcQuery } from "../support/requests.js";

/**
 * Issue 36, "Also seen": removing a favourite of a hidden listing answered its favourite count. A listing hidden
 * from the caller (by a moderator, by reports until review, with its creator suspended; NSFW to someone under 18)
 * is, to the favourite calls, a listing that does not exist: the unknown id's 404 and message, over REST and tRPC,
 * and no word of whether it is saved. A member may still remove their own save of it (their list is theirs).
 */

const UNKNOWN = "00000000-0000-4000-8000-000000000000";

let app: TestApp;
let moderator: Awaited<ReturnType<typeof signUp>>;
test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
  moderator = await signUpAs(app, "admin");
});

const put = (id: string, cookie: string) =>
  app.inject({ method: "PUT", url: `/api/user/favorites/${id}`, headers: { cookie } });
const del = (id: string, cookie: string) =>
  app.inject({ method: "DELETE", url: `/api/user/favorites/${id}`, headers: { cookie } });
const savedRow = (userId: string, chatbotId: string) =>
  app.database.db
    .selectFrom("favorites")
    .select("chatbotId")
    .where("userId", "=", userId)
    .where("chatbotId", "=", chatbotId)
    .executeTakeFirst();
const saveDirectly = (userId: string, chatbotId: string) =>
  app.database.db.insertInto("favorites").values({ userId, chatbotId }).execute();

/** What the favourite calls answer for an id no listing has: what a hidden listing must answer too. */
async function unknownAnswers(cookie: string) {
  const answers = {
    put: await put(UNKNOWN, cookie),
    del: await del(UNKNOWN, cookie),
    trpcSave: await trpcMutation(app, "favorites.save", { chatbotId: UNKNOWN }, cookie),
    trpcRemove: await trpcMutation(app, "favorites.remove", { chatbotId: UNKNOWN }, cookie),
  };
  expect(answers.put.statusCode).toBe(404);
  expect(answers.put.json()).toMatchObject({ message: "Chatbot not found" });
  return answers;
}

/**
 * Every favourite call of a member who saved the listing before it was hidden from them: each answer is the
 * unknown id's, nothing counts or says "saved", and the remove still removes their save.
 */
async function expectRevealsNothing(member: { cookie: string; user: { id: string } }, listing: Chatbot) {
  const unknown = await unknownAnswers(member.cookie);
  // Saved before it was hidden (an earlier save, or a row of before this rule).
  if (!(await savedRow(member.user.id, listing.id))) await saveDirectly(member.user.id, listing.id);
  const countBefore = await app.database.db
    .selectFrom("chatbots")
    .select("favoriteCount")
    .where("id", "=", listing.id)
    .executeTakeFirstOrThrow();

  const status = await trpcQuery(app, "favorites.status", { chatbotIds: [listing.id] }, member.cookie);
  expect(status.json().result.data).toEqual({ savedIds: [] });

  const trpcSave = await trpcMutation(app, "favorites.save", { chatbotId: listing.id }, member.cookie);
  expect(trpcSave.statusCode).toBe(unknown.trpcSave.statusCode);
  expect(trpcSave.json().error.message).toBe(unknown.trpcSave.json().error.message);
  expect(trpcSave.body).not.toContain("favoriteCount");

  const save = await put(listing.id, member.cookie);
  expect({ status: save.statusCode, body: save.json() }).toEqual({
    status: unknown.put.statusCode,
    body: unknown.put.json(),
  });

  // The demonstrated request: removing the save answered `{ saved: false, favoriteCount: N }`.
  const removed = await del(listing.id, member.cookie);
  expect({ status: removed.statusCode, body: removed.json() }).toEqual({
    status: unknown.del.statusCode,
    body: unknown.del.json(),
  });
  expect(removed.body).not.toContain("favoriteCount");
  // It did remove their save: a member may always clean their own list.
  expect(await savedRow(member.user.id, listing.id)).toBeUndefined();
  const countAfter = await app.database.db
    .selectFrom("chatbots")
    .select("favoriteCount")
    .where("id", "=", listing.id)
    .executeTakeFirstOrThrow();
  expect(countAfter.favoriteCount).toBe(countBefore.favoriteCount - 1);

  // Removing again (nothing saved) over tRPC: the same as for an unknown id.
  const trpcRemove = await trpcMutation(app, "favorites.remove", { chatbotId: listing.id }, member.cookie);
  expect(trpcRemove.statusCode).toBe(unknown.trpcRemove.statusCode);
  expect(trpcRemove.json().error.message).toBe(unknown.trpcRemove.json().error.message);
  expect(trpcRemove.body).not.toContain("favoriteCount");
}

describe("the favourite calls of a listing hidden from the caller", () => {
  test("hidden by a moderator: 404 as an unknown listing; its owner and moderators still save it", async () => {
    const creator = await signUp(app);
    const member = await signUp(app);
    const listing = await createListing(app, creator.cookie, { title: "Hidden by a moderator" });
    expect((await put(listing.id, member.cookie)).json()).toMatchObject({ saved: true, favoriteCount: 1 });
    await moderate(app, moderator.cookie, { kind: "listing", id: listing.id }, "hide");

    await expectRevealsNothing(member, listing);

    // Those who may see it keep the ordinary answers.
    expect((await put(listing.id, creator.cookie)).json()).toEqual({
      chatbotId: listing.id,
      saved: true,
      favoriteCount: 1,
    });
    expect((await del(listing.id, moderator.cookie)).statusCode).toBe(200);
  });

  test("hidden by reports until review", async () => {
    const creator = await signUp(app);
    const member = await signUp(app);
    const listing = await createListing(app, creator.cookie, { title: "Waiting for review" });
    await put(listing.id, member.cookie);
    await app.database.db.updateTable("chatbots").set({ reviewPending: true }).where("id", "=", listing.id).execute();

    await expectRevealsNothing(member, listing);
  });

  test("its creator suspended", async () => {
    const creator = await signUp(app);
    const member = await signUp(app);
    const listing = await createListing(app, creator.cookie, { title: "Of a suspended creator" });
    await put(listing.id, member.cookie);
    await moderate(app, moderator.cookie, { kind: "profile", id: creator.user.id }, "suspend");

    await expectRevealsNothing(member, listing);
  });

  test("NSFW, to a member under 18", async () => {
    const creator = await signUp(app);
    const listing = await createListing(app, creator.cookie, { title: "Mature", nsfw: "true" });
    const adult = await signUp(app);
    await put(listing.id, adult.cookie);
    const minor = await signUp(app, undefined, { age: `${new Date().getFullYear() - 15}-01-01` });

    await expectRevealsNothing(minor, listing);
    // An adult member still saves and removes it with the count.
    expect((await put(listing.id, adult.cookie)).json()).toMatchObject({ saved: true, favoriteCount: 1 });
  });
});
