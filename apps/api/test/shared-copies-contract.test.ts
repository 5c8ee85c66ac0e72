import { describe, expect } from "vitest";
import { seedDemo } from "../src/seed/seed.js";
import type { Audience } from "../src/services/response-cache.js";
import type { TestApp } from "./support/app.js";
import { ADULT_BIRTH_DATE } from "./support/auth.js";
import { test } from "./support/fixtures.js";
import { insertMember, largestSeries, sharedReads, sessionFor as sharedSessionFor } from "./support/shared-reads.js";

const SESSION_SECRET = "a-session-secret-for-the-contract-test";
test.override("appEnv", { RESPONSE_CACHE_SECONDS: "0", SESSION_SECRET });

type Viewer = { name: string; audience: Audience | "personal"; cookie?: string };
type Samples = (seeded: Seeded) => unknown[];
interface Seeded {
  creatorId: string;
  pendingCreatorId: string;
  sfwListingId: string;
  nsfwListingId: string;
  series: { seriesName: string; creatorId: string };
}

/** Inputs for every shared read: the common case and the ones where viewers differ most. */
const SAMPLES: Record<string, Samples> = {
  "chatbots.list": () => [
    {},
    { nsfw: true },
    { nsfw: false },
    { sort: "popular" },
    { search: "a" },
    { tags: ["fantasy"] },
  ],
  "chatbots.count": () => [{}, { nsfw: true }],
  "chatbots.rails": () => [{}],
  "chatbots.byId": (s) => [{ id: s.sfwListingId }, { id: s.nsfwListingId }],
  "chatbots.tags": () => [{}, { nsfw: true }],
  // Shared by visitors only: a member's may hold NSFW titles.
  "chatbots.suggestions": () => [{ q: "se" }, { q: "a b" }, { q: "" }],
  "chatbots.byUser": (s) => [{ userId: s.creatorId }, { userId: s.pendingCreatorId }],
  "chatbots.series": (s) => [s.series],
  "users.byId": (s) => [{ userId: s.creatorId }, { userId: s.pendingCreatorId }],
  "reviews.list": (s) => [
    { chatbotId: s.sfwListingId },
    { chatbotId: s.nsfwListingId },
    { chatbotId: s.sfwListingId, sort: "helpful" },
  ],
};

const sessionFor = (app: TestApp, userId: string) => sharedSessionFor(app, userId, SESSION_SECRET);

// Adults who answered the age question: members whose answers are shared (an unanswered age blurs, a personal view).
const newMember = (app: TestApp, name: string, fields: Record<string, unknown> = {}) =>
  insertMember(app, SESSION_SECRET, name, {
    firstName: name,
    lastName: "Viewer",
    birthDate: ADULT_BIRTH_DATE,
    ...fields,
  });

/** What one viewer is answered: the status and the whole body. */
async function answer(app: TestApp, path: string, input: unknown, viewer: Viewer) {
  const response = await app.inject({
    method: "GET",
    url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`,
    headers: viewer.cookie ? { cookie: viewer.cookie } : {},
  });
  return `${response.statusCode} ${response.body}`;
}

describe("shared copies: one answer per declared audience", () => {
  test("every shared read has sample inputs here", () => {
    expect(sharedReads.map(({ path }) => path).filter((path) => !SAMPLES[path])).toEqual([]);
  });

  test("every viewer of a declared audience gets the same answer to every shared read", async ({ app }) => {
    const db = app.database.db;
    await seedDemo(db, app.storage, { users: 6, chatbots: 40 });
    const { creator, series } = await largestSeries(db);
    // The creator answered the age question as an adult too: a member of the shared audience, not a personal view
    // (Blur shows a creator their own NSFW pictures as they are, so a blurring creator's answers are their own).
    await db.updateTable("users").set({ birthDate: ADULT_BIRTH_DATE }).where("id", "=", creator.userId).execute();
    const pending = await db
      .updateTable("users")
      .set({ isApproved: false })
      .where("id", "!=", creator.userId)
      .where("id", "in", db.selectFrom("chatbots").select("userId"))
      .returning("id")
      .executeTakeFirstOrThrow();
    const listing = (nsfw: boolean) =>
      db.selectFrom("chatbots").select("id").where("nsfw", "=", nsfw).orderBy("id").executeTakeFirstOrThrow();
    const seeded: Seeded = {
      creatorId: creator.userId,
      pendingCreatorId: pending.id,
      sfwListingId: (await listing(false)).id,
      nsfwListingId: (await listing(true)).id,
      series: { seriesName: series.storySeries!, creatorId: series.userId },
    };
    // A tag every gallery page shows, so the personal member's blocklist changes what they see.
    const blocked = await db.selectFrom("chatbots").select("tags").where("nsfw", "=", false).executeTakeFirstOrThrow();

    const viewers: Viewer[] = [
      { name: "visitor", audience: "visitor" },
      { name: "another visitor", audience: "visitor", cookie: "vid=someone-else; theme=dark" },
      { name: "member", audience: "member", cookie: (await newMember(app, "member")).cookie },
      { name: "creator", audience: "member", cookie: await sessionFor(app, creator.userId) },
      { name: "moderator", audience: "member", cookie: (await newMember(app, "moderator", { isAdmin: true })).cookie },
      {
        name: "personal member",
        audience: "personal",
        cookie: (await newMember(app, "personal", { blockedTags: blocked.tags.slice(0, 1) })).cookie,
      },
    ];

    const mismatches: string[] = [];
    for (const { path, call } of sharedReads) {
      for (const input of SAMPLES[path]!(seeded)) {
        const answers = new Map<Viewer, string>();
        for (const viewer of viewers) answers.set(viewer, await answer(app, path, input, viewer));
        for (const audience of call.sharing!.by) {
          const group = viewers.filter((viewer) => viewer.audience === audience);
          const [first, ...others] = group;
          for (const other of others) {
            if (answers.get(other) !== answers.get(first!))
              mismatches.push(`${path} ${JSON.stringify(input)}: ${first!.name} and ${other.name} differ`);
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
    // The samples reach the cases that matter: some answers differ between audiences.
    const visitorPage = await answer(app, "chatbots.list", { nsfw: true }, viewers[0]!);
    expect(visitorPage).not.toBe(await answer(app, "chatbots.list", { nsfw: true }, viewers[2]!));
    const personalPage = await answer(app, "chatbots.list", {}, viewers[5]!);
    expect(personalPage).not.toBe(await answer(app, "chatbots.list", {}, viewers[2]!));
  });
});
