// One value for who is asking (issue 37 item 3), through the whole api: viewers who each differ from one base member
// in one fact of the value (signed in, owner-of, admin, super admin, suspended, the age, the NSFW display, the
// blocklist) ask every shared read. Two viewers whose copy keys are equal (the key the response cache derives from
// the value and the read's declared facts) must get equal answers: that checks every `sharing` declaration. Then,
// from a warm cache, each variation and the base ask after each other and each gets their own answer.
// The cold answers come with the cache on, each from an address of its own (the same tRPC input spelt with its own
// spacing), so they are what the read itself answers.
import { Signer } from "@fastify/cookie";
import type { UserRow } from "@gallery/db";
import { PAGE_SIZE_MAX } from "@gallery/schema";
import { describe, expect } from "vitest";
import { VIEWER_FACTS, type ViewerFact, viewerFacts } from "../src/domain/policy.js";
import { seedDemo } from "../src/seed/seed.js";
import { copyOwner, sharingRule } from "../src/trpc/shared-reads.js";
import type { TestApp } from "./support/app.js";
import { test } from "./support/fixtures.js";
import { largestSeries, sharedReads, sessionFor as sharedSessionFor } from "./support/shared-reads.js";

const SESSION_SECRET = "a-session-secret-for-the-viewer-keys-test";
test.override("appEnv", { SESSION_SECRET });

interface Viewer {
  name: string;
  cookie?: string;
  row: UserRow | null;
}
interface Seeded {
  creatorId: string;
  sfwId: string;
  nsfwId: string;
  withheldId: string;
  blockedId: string;
  blockedTag: string;
  word: string;
  series: { seriesName: string; creatorId: string };
}

/** Inputs for every shared read, reaching where viewers differ: NSFW, withheld, a blocked tag, the owner's own. */
const SAMPLES: Record<string, (s: Seeded) => unknown[]> = {
  "chatbots.list": (s) => [{}, { nsfw: true }, { sort: "popular" }, { tags: [s.blockedTag] }],
  "chatbots.count": () => [{}, { nsfw: true }],
  "chatbots.rails": () => [{}],
  "chatbots.tags": () => [{}, { nsfw: true }],
  "chatbots.byId": (s) => [{ id: s.sfwId }, { id: s.nsfwId }, { id: s.withheldId }, { id: s.blockedId }],
  "chatbots.byUser": (s) => [{ userId: s.creatorId }],
  "chatbots.series": (s) => [s.series],
  "chatbots.suggestions": (s) => [{ q: s.word }],
  "users.byId": (s) => [{ userId: s.creatorId }],
  "reviews.list": (s) => [{ chatbotId: s.sfwId }, { chatbotId: s.nsfwId }, { chatbotId: s.withheldId }],
};

const sessionFor = (app: TestApp, userId: string) => sharedSessionFor(app, userId, SESSION_SECRET);

const yearsAgo = (years: number) => {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date.toISOString().slice(0, 10);
};

/** The base member's settings: an adult who shows NSFW, no blocklist, no role. */
const BASE = {
  isApproved: true,
  isAdmin: false,
  isSuperAdmin: false,
  suspendedAt: null as Date | null,
  birthDate: yearsAgo(30) as string | null,
  nsfwDisplay: "show" as const,
  blockedTags: [] as string[],
};

/** A tRPC read at an address of its own: the input's JSON with `spaces` after its first brace. */
function trpcUrl(path: string, input: unknown, spaces: number) {
  const json = JSON.stringify(input);
  return `/trpc/${path}?input=${encodeURIComponent(`${json[0]}${" ".repeat(spaces)}${json.slice(1)}`)}`;
}

async function ask(app: TestApp, url: string, viewer: Viewer) {
  const response = await app.inject({ method: "GET", url, headers: viewer.cookie ? { cookie: viewer.cookie } : {} });
  return { answer: `${response.statusCode} ${response.body}`, age: response.headers.age };
}

/** Asks until the answer comes from a copy (Age header). */
async function fromCopy(app: TestApp, url: string, viewer: Viewer) {
  let answer = "";
  await expect
    .poll(async () => {
      const response = await ask(app, url, viewer);
      answer = response.answer;
      return response.age;
    })
    .toBeDefined();
  return answer;
}

let spacing = 0;
/** An address no one has asked yet. */
const freshSpacing = () => ++spacing;

describe("one value for who is asking: the shared copies' keys", () => {
  let seeded: Seeded;
  let viewers: Viewer[];
  /** Each viewer's own answer to each read and input, as the read answers it (no copy of anyone's). */
  const cold = new Map<string, string>();
  const coldKey = (viewer: Viewer, path: string, input: unknown) => `${viewer.name} ${path} ${JSON.stringify(input)}`;

  test.beforeAll(async ({ app }) => {
    const db = app.database.db;
    await seedDemo(db, app.storage, { users: 5, chatbots: 30 });
    const { creator, series } = await largestSeries(db);
    await db.updateTable("users").set(BASE).where("id", "=", creator.userId).execute();
    const listing = (nsfw: boolean) =>
      db
        .selectFrom("chatbots")
        .select(["id", "tags", "title"])
        .where("nsfw", "=", nsfw)
        .where("storySeries", "is", null)
        .orderBy("id")
        .executeTakeFirstOrThrow();
    const sfw = await listing(false);
    const nsfw = await listing(true);
    // One of the creator's SFW listings hidden by a moderator: withheld, seen by its owner and moderators only.
    const withheld = await db
      .updateTable("chatbots")
      .set({ hiddenAt: new Date() })
      .where("id", "=", (eb) =>
        eb
          .selectFrom("chatbots")
          .select("id")
          .where("userId", "=", creator.userId)
          .where("nsfw", "=", false)
          .where("id", "!=", sfw.id)
          .orderBy("id")
          .limit(1),
      )
      .returning("id")
      .executeTakeFirstOrThrow();
    const blockedTag = sfw.tags[0]!;
    seeded = {
      creatorId: creator.userId,
      sfwId: sfw.id,
      nsfwId: nsfw.id,
      withheldId: withheld.id,
      blockedId: sfw.id,
      blockedTag,
      word: sfw.title.split(/\s+/)[0]!.toLowerCase(),
      series: { seriesName: series.storySeries!, creatorId: series.userId },
    };

    let count = 0;
    const memberWith = async (name: string, fields: Record<string, unknown> = {}): Promise<Viewer> => {
      const { id } = await db
        .insertInto("users")
        .values({ email: `viewer${++count}@example.com`, firstName: name, lastName: "Viewer", ...BASE, ...fields })
        .returning("id")
        .executeTakeFirstOrThrow();
      return { name, cookie: await sessionFor(app, id), row: null };
    };
    viewers = [
      await memberWith("base"),
      { name: "visitor", row: null },
      await memberWith("another member"),
      { name: "the creator (owner-of)", cookie: await sessionFor(app, creator.userId), row: null },
      await memberWith("admin", { isAdmin: true }),
      await memberWith("super admin", { isSuperAdmin: true }),
      await memberWith("suspended", { suspendedAt: new Date() }),
      await memberWith("no age answer", { birthDate: null }),
      await memberWith("under 18", { birthDate: yearsAgo(15), nsfwDisplay: "hide" }),
      await memberWith("Blur", { nsfwDisplay: "blur" }),
      await memberWith("Hide", { nsfwDisplay: "hide" }),
      await memberWith("a blocklist", { blockedTags: [blockedTag.toLowerCase()] }),
    ];
    // Each viewer's row as the server loads it, for the value the test derives keys from.
    for (const viewer of viewers) {
      if (!viewer.cookie) continue;
      const sid = new Signer(SESSION_SECRET).unsign(decodeURIComponent(viewer.cookie.slice("sid=".length))).value!;
      const session = await db.selectFrom("session").select("sess").where("sid", "=", sid).executeTakeFirstOrThrow();
      const userId = (typeof session.sess === "string" ? JSON.parse(session.sess) : session.sess).userId as string;
      viewer.row = await db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirstOrThrow();
    }

    for (const { path } of sharedReads) {
      for (const input of SAMPLES[path]?.(seeded) ?? []) {
        for (const viewer of viewers) {
          const { answer, age } = await ask(app, trpcUrl(path, input, freshSpacing()), viewer);
          expect(age, `${viewer.name} ${path}: a cold answer`).toBeUndefined();
          cold.set(coldKey(viewer, path, input), answer);
        }
      }
    }
  });

  test("every shared read has sample inputs here", () => {
    expect(sharedReads.map(({ path }) => path).filter((path) => !SAMPLES[path])).toEqual([]);
  });

  test("the viewers vary every fact of the value from the base, one viewer one fact", () => {
    const base = viewerFacts(viewers[0]!.row);
    const varied = new Set<ViewerFact>();
    for (const viewer of viewers.slice(1)) {
      const facts = viewerFacts(viewer.row);
      for (const fact of VIEWER_FACTS) {
        if (JSON.stringify(facts[fact]) !== JSON.stringify(base[fact])) varied.add(fact);
      }
    }
    // toolView is a view the domain makes (its own listings, the moderation tools), never a caller: the unit test
    // (src/trpc/viewer-keys.test.ts) varies it.
    expect(VIEWER_FACTS.filter((fact) => fact !== "toolView" && !varied.has(fact))).toEqual([]);
  });

  test("two viewers whose copy keys are equal get equal answers, for every shared read and input", () => {
    const mismatches: string[] = [];
    let shared = 0;
    for (const { path, call } of sharedReads) {
      const rule = sharingRule([call.sharing]);
      for (const input of SAMPLES[path]!(seeded)) {
        for (const [i, one] of viewers.entries()) {
          for (const other of viewers.slice(i + 1)) {
            const owner = copyOwner(viewerFacts(one.row), rule, `${one.name}`);
            if (owner === undefined || owner !== copyOwner(viewerFacts(other.row), rule, `${other.name}`)) continue;
            shared++;
            if (cold.get(coldKey(one, path, input)) !== cold.get(coldKey(other, path, input)))
              mismatches.push(
                `${path} ${JSON.stringify(input)}: ${one.name} and ${other.name} share a key, not an answer`,
              );
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
    // Copies are still shared where answers are alike (the base, another member, a moderator, the creator...).
    expect(shared).toBeGreaterThan(20);
    // And the samples reach where one fact changes the answer: a withheld listing is its owner's and moderators'.
    const withheld = (name: string) =>
      cold.get(coldKey(viewers.find((viewer) => viewer.name === name)!, "chatbots.byId", { id: seeded.withheldId }));
    expect(
      [withheld("base"), withheld("admin"), withheld("the creator (owner-of)")].map((a) => a?.slice(0, 3)),
    ).toEqual(["404", "200", "200"]);
  });

  test("after each other from a warm cache, each of two viewers differing in one fact gets their own answer", async ({
    app,
  }) => {
    const base = viewers[0]!;
    const reads: Array<[string, unknown]> = [
      ["chatbots.list", {}],
      ["chatbots.list", { nsfw: true }],
      ["chatbots.byId", { id: seeded.nsfwId }],
      ["chatbots.byId", { id: seeded.withheldId }],
      ["chatbots.byId", { id: seeded.blockedId }],
    ];
    /** Until the cache remembers this session cookie's viewer (their gallery page comes from a copy). */
    const known = async (viewer: Viewer) => {
      if (viewer.cookie) await fromCopy(app, trpcUrl("chatbots.list", {}, 0), viewer);
    };
    for (const other of viewers.slice(1)) {
      for (const [path, input] of reads) {
        const own = (viewer: Viewer) => cold.get(coldKey(viewer, path, input))!;
        const what = `${other.name} ${path} ${JSON.stringify(input)}`;
        /** The viewer's answer, from a copy once one is kept (a 200 of a read shared by their audience). */
        const warm = async (url: string, viewer: Viewer) =>
          own(viewer).startsWith("200 ") && copyOwner(viewerFacts(viewer.row), sharingRule([sharedBy(path)]), "x")
            ? fromCopy(app, url, viewer)
            : (await ask(app, url, viewer)).answer;
        // The base's copy first, then the other asks the same address (their cookie known to the cache, so the
        // fast path, not only the full request, decides).
        const first = trpcUrl(path, input, freshSpacing());
        expect(await warm(first, base)).toBe(own(base));
        await known(other);
        expect((await ask(app, first, other)).answer, `${what} after the base`).toBe(own(other));
        // The other's answer first (from a copy where it is kept), then the base.
        const second = trpcUrl(path, input, freshSpacing());
        expect(await warm(second, other)).toBe(own(other));
        await known(base);
        expect((await ask(app, second, base)).answer, `the base after ${what}`).toBe(own(base));
      }
    }
  });

  test("the same over REST: the gallery's page for the base, then for each variation, from a warm cache", async ({
    app,
  }) => {
    const base = viewers[0]!;
    // 30 listings: every limit from 31 up answers the whole gallery alike, so each limit is an address of its own.
    let limit = 30;
    const own = new Map<Viewer, string>();
    for (const viewer of viewers) own.set(viewer, (await ask(app, `/api/chatbots?limit=${++limit}`, viewer)).answer);
    for (const other of viewers.slice(1)) {
      const url = `/api/chatbots?limit=${++limit}`;
      expect(await fromCopy(app, url, base)).toBe(own.get(base));
      if (other.cookie) await fromCopy(app, `/api/chatbots?limit=${PAGE_SIZE_MAX}`, other);
      expect((await ask(app, url, other)).answer, other.name).toBe(own.get(other));
    }
    // The listings differ between them: the check is not vacuous.
    expect(new Set(own.values()).size).toBeGreaterThan(3);
  });
});

const sharedBy = (path: string) => sharedReads.find((read) => read.path === path)!.call.sharing;
