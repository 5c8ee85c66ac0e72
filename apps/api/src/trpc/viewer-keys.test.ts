// The one value for who is asking (issue 37 item 3), unit-tested without a database: every single-fact variation of
// a few base viewers, over every field of the value (VIEWER_FACTS, so a new fact is covered or this fails), against
// the two keys made from it: the compiled list query's (domain/listings/queries.ts) and each shared read's copy
// (calls/*.ts `sharing`, plugins/app/response-cache.ts). Two viewers share a key only where their answer provably
// cannot differ: for the compiled query, the SQL each would get is compared; for the copies, a fact a read does not
// declare is one test/viewer-keys.test.ts proves its answers do not depend on.
import type { Database, UserRow } from "@gallery/db";
import {
  CamelCasePlugin,
  type CompiledQuery,
  type DatabaseConnection,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from "kysely";
import { describe, expect, it } from "vitest";
import type { AnyCall } from "../calls/call.js";
import { calls } from "../calls/index.js";
import { listingPage, listQueryKey } from "../domain/listings/queries.js";
import {
  ignoringSafetySettings,
  LISTING_FACTS,
  liftingOwnSettings,
  VIEWER_FACTS,
  VISITOR_FACTS,
  type Viewer,
  type ViewerFact,
  viewerFacts,
  viewerKey,
} from "../domain/policy.js";
import { copyOwner, procedureSharing, sharingRule } from "./shared-reads.js";

const yearsAgo = (years: number) => {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date;
};

const member = (changes: Partial<UserRow> = {}): UserRow =>
  ({
    id: "00000000-0000-4000-8000-000000000001",
    email: "base@example.com",
    showEmail: true,
    isApproved: true,
    isAdmin: false,
    isSuperAdmin: false,
    suspendedAt: null,
    birthDate: yearsAgo(30),
    nsfwDisplay: "show",
    blockedTags: [],
    ...changes,
  }) as UserRow;

/**
 * How to make a viewer differ in each fact of the value: a record over ViewerFact, so a fact added to the value
 * does not compile until it has its variations here.
 */
const VARIATIONS: Record<ViewerFact, ReadonlyArray<(row: UserRow) => Viewer>> = {
  signedIn: [() => null],
  id: [(row) => ({ ...row, id: "00000000-0000-4000-8000-000000000002" })],
  admin: [(row) => ({ ...row, isAdmin: true })],
  superAdmin: [(row) => ({ ...row, isSuperAdmin: true })],
  moderator: [(row) => ({ ...row, isAdmin: true }), (row) => ({ ...row, isSuperAdmin: true })],
  suspended: [(row) => ({ ...row, suspendedAt: new Date() })],
  age: [(row) => ({ ...row, birthDate: null }), (row) => ({ ...row, birthDate: yearsAgo(15) })],
  nsfwDisplay: [
    (row) => ({ ...row, nsfwDisplay: "show" }),
    (row) => ({ ...row, nsfwDisplay: "blur" }),
    (row) => ({ ...row, nsfwDisplay: "hide" }),
    (row) => ({ ...row, birthDate: yearsAgo(15) }),
  ],
  blockedTags: [(row) => ({ ...row, blockedTags: ["gore"] }), (row) => ({ ...row, blockedTags: [] })],
  blocklistHash: [(row) => ({ ...row, blockedTags: ["gore", "horror"] })],
  toolView: [(row) => ignoringSafetySettings(row)],
};

/** Bases the variations start from: a plain adult member, one with an unanswered age, one with settings of their own. */
const BASES: Record<string, () => UserRow> = {
  "a plain member": () => member(),
  "an unanswered age": () => member({ birthDate: null }),
  "Blur and a blocklist": () => member({ nsfwDisplay: "blur", blockedTags: ["spiders"] }),
  "under 18": () => member({ birthDate: yearsAgo(15), nsfwDisplay: "hide" }),
};

const differs = (a: unknown, b: unknown) => JSON.stringify(a) !== JSON.stringify(b);

/** Every (base, fact, variant) where the variant's value differs from the base's in that fact. */
function variations() {
  const found: Array<{ name: string; fact: ViewerFact; base: Viewer; variant: Viewer }> = [];
  for (const [baseName, makeBase] of Object.entries(BASES)) {
    for (const fact of VIEWER_FACTS) {
      for (const [index, vary] of VARIATIONS[fact].entries()) {
        const base = makeBase();
        const variant = vary(base);
        if (!differs(viewerFacts(base)[fact], viewerFacts(variant)[fact])) continue;
        found.push({ name: `${baseName}, ${fact} #${index}`, fact, base, variant });
      }
    }
  }
  return found;
}

/** A database handle that compiles as the app's does (CamelCasePlugin) and records each query, answering no rows. */
function recordingDb() {
  const seen: CompiledQuery[] = [];
  const connection: DatabaseConnection = {
    executeQuery: async (query) => {
      seen.push(query);
      return { rows: [] };
    },
    streamQuery: () => {
      throw new Error("not streamed");
    },
  };
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => ({
        init: async () => {},
        acquireConnection: async () => connection,
        beginTransaction: async () => {},
        commitTransaction: async () => {},
        rollbackTransaction: async () => {},
        releaseConnection: async () => {},
        destroy: async () => {},
      }),
      createIntrospector: (inner) => new PostgresIntrospector(inner),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
    plugins: [new CamelCasePlugin()],
  });
  return { db, seen };
}

const sqlOf = (query: CompiledQuery | undefined) => JSON.stringify([query?.sql, query?.parameters]);

/** The SQL a viewer's list query is, built afresh (a handle of its own: nothing kept from another viewer). */
async function freshListSql(viewer: Viewer, filters: Parameters<typeof listingPage>[2]) {
  const { db, seen } = recordingDb();
  await listingPage(db, viewer, filters);
  return sqlOf(seen[0]);
}

const OWNER = "00000000-0000-4000-8000-000000000001";
/** Gallery inputs without user input (kept compiled) and with (never kept), and the owner's own list. */
const FILTERS: Array<Parameters<typeof listingPage>[2]> = [
  { limit: 24 },
  { limit: 24, nsfw: true },
  { limit: 24, nsfw: false },
  { limit: 24, sort: "popular" },
  { limit: 24, tags: ["fantasy"] },
  { limit: 100, userId: OWNER, includeWithheld: true },
];

describe("the viewer's value", () => {
  it("every fact has variations, and every fact is varied from some base", () => {
    expect(VIEWER_FACTS).toEqual(Object.keys(VARIATIONS));
    const varied = new Set(variations().map(({ fact }) => fact));
    expect(VIEWER_FACTS.filter((fact) => !varied.has(fact))).toEqual([]);
  });

  it("is one frozen value per loaded user, and the same one for every read of it", () => {
    const row = member({ blockedTags: ["gore"] });
    const facts = viewerFacts(row);
    expect(viewerFacts(row)).toBe(facts);
    expect(Object.isFrozen(facts) && Object.isFrozen(facts.blockedTags)).toBe(true);
    expect(viewerFacts(null)).toBe(VISITOR_FACTS);
    expect(facts).toMatchObject({ signedIn: true, id: row.id, age: "adult", nsfwDisplay: "show", toolView: false });
    // A view of the same member is another row, so another value.
    expect(viewerFacts(liftingOwnSettings(row)).blockedTags).toEqual([]);
    expect(viewerFacts(ignoringSafetySettings(member({ birthDate: yearsAgo(15) })))).toMatchObject({
      nsfwDisplay: "show",
      toolView: true,
    });
  });

  it("viewerKey: equal exactly when the named facts are equal (the blocklist by its hash)", () => {
    const a = viewerFacts(member({ blockedTags: ["gore"] }));
    const b = viewerFacts(member({ blockedTags: ["gore"], isAdmin: true }));
    expect(viewerKey(a, LISTING_FACTS)).toBe(viewerKey(b, LISTING_FACTS));
    expect(viewerKey(a, VIEWER_FACTS)).not.toBe(viewerKey(b, VIEWER_FACTS));
    expect(viewerKey(a, ["blockedTags"])).not.toBe(
      viewerKey(viewerFacts(member({ blockedTags: ["gor", "e"] })), ["blockedTags"]),
    );
    expect(viewerKey(a, ["blockedTags"])).not.toContain("gore");
  });

  it("the blocklist's hash: none without a blocklist (a visitor's), else a short one of one length", () => {
    expect(viewerFacts(member()).blocklistHash).toBe(VISITOR_FACTS.blocklistHash);
    expect(viewerKey(viewerFacts(member()), ["blockedTags"])).toBe(viewerKey(VISITOR_FACTS, ["blockedTags"]));
    for (const tags of [["gore"], Array.from({ length: 50 }, (_, i) => `tag-${i}`)]) {
      expect(viewerFacts(member({ blockedTags: tags })).blocklistHash).toMatch(/^[\w-]{22}$/);
    }
  });
});

describe("a compiled list query's key", () => {
  it("two viewers differing in one fact share a key only when their SQL is the same", async () => {
    const distinct = new Set<ViewerFact>();
    for (const { name, fact, base, variant } of variations()) {
      for (const filters of FILTERS) {
        const sameKey = listQueryKey(viewerFacts(base), filters) === listQueryKey(viewerFacts(variant), filters);
        const [baseSql, variantSql] = [await freshListSql(base, filters), await freshListSql(variant, filters)];
        if (sameKey) expect(variantSql, `${name} ${JSON.stringify(filters)}`).toBe(baseSql);
        else distinct.add(fact);
        // And what the kept queries hand out: the variant after the base on one handle gets its own SQL.
        const { db, seen } = recordingDb();
        await listingPage(db, base, filters);
        await listingPage(db, variant, filters);
        expect(sqlOf(seen[1]), `${name} ${JSON.stringify(filters)} from the kept queries`).toBe(variantSql);
      }
    }
    // Every fact the SQL reads splits the key somewhere (none is left out of it).
    expect([...LISTING_FACTS].filter((fact) => !distinct.has(fact))).toEqual([]);
  });
});

/** Every read declared as shared, by its tRPC path. */
const sharedReads = Object.entries(calls).flatMap(([namespace, group]) =>
  Object.entries(group as Record<string, AnyCall>)
    .filter(([, call]) => call.sharing !== undefined)
    .map(([name, call]) => ({ path: `${namespace}.${name}`, call })),
);

describe("a shared copy's key", () => {
  it("differs for two viewers differing in any fact the read declares (or signed in), for every shared read", () => {
    expect(sharedReads.length).toBeGreaterThan(0);
    for (const { path, call } of sharedReads) {
      const rule = sharingRule([call.sharing]);
      expect(rule.facts).toContain("signedIn");
      for (const { name, fact, base, variant } of variations()) {
        const [baseOwner, variantOwner] = [
          copyOwner(viewerFacts(base), rule, "sid-base"),
          copyOwner(viewerFacts(variant), rule, "sid-variant"),
        ];
        if (baseOwner === undefined || variantOwner === undefined) continue;
        if (rule.facts.includes(fact)) expect(variantOwner, `${path}: ${name}`).not.toBe(baseOwner);
      }
    }
  });

  it("a read without declared facts is shared only by viewers alike in every fact; `self` reads by one session", () => {
    const rule = sharingRule([{ by: ["visitor", "member"] }]);
    expect(rule.facts).toEqual(VIEWER_FACTS);
    const own = sharingRule([{ by: ["self"] }]);
    expect(copyOwner(viewerFacts(member()), own, "sid1")).toBe("personal sid1");
    expect(copyOwner(VISITOR_FACTS, own, undefined)).toBeUndefined();
  });

  it("the gallery is shared by members alike in what its SQL reads, and never across visitors and members", () => {
    const rule = procedureSharing(["chatbots.list"]);
    const owner = (row: Viewer) => copyOwner(viewerFacts(row), rule, `sid-${Math.random()}`);
    expect(owner(member())).toBe(owner(member({ isAdmin: true, id: "00000000-0000-4000-8000-000000000003" })));
    expect(owner(member({ blockedTags: ["gore"] }))).toBe(owner(member({ blockedTags: ["gore"], isAdmin: true })));
    expect(owner(member({ blockedTags: ["gore"] }))).not.toBe(owner(member()));
    expect(owner(null)).not.toBe(owner(member()));
    // Feeds and the sitemap name no fact: one copy per audience still (a member's says `private`).
    const same = sharingRule([{ by: ["visitor", "member"], facts: [] }]);
    expect(copyOwner(VISITOR_FACTS, same, undefined)).not.toBe(copyOwner(viewerFacts(member()), same, "sid"));
  });

  it("every visitor has one copy of a read visitors share (made once); a session's own copy needs a member and their cookie", () => {
    const rule = procedureSharing(["chatbots.list"]);
    expect(rule.visitors).toBe(`visitor ${viewerKey(VISITOR_FACTS, rule.facts)}`);
    expect(copyOwner(VISITOR_FACTS, rule, undefined)).toBe(rule.visitors);
    expect(copyOwner(viewerFacts(null), rule, "sid-stale")).toBe(rule.visitors);
    // A read members alone share: no copy for visitors.
    const members = sharingRule([{ by: ["member"] }]);
    expect(members.visitors).toBeUndefined();
    expect(copyOwner(VISITOR_FACTS, members, "sid")).toBeUndefined();
    // `self`: a visitor's (stale) cookie keeps nothing, nor a member without a cookie, nor a read shared by nobody.
    const own = sharingRule([{ by: ["self"] }]);
    expect(copyOwner(VISITOR_FACTS, own, "sid-stale")).toBeUndefined();
    expect(copyOwner(viewerFacts(member()), own, undefined)).toBeUndefined();
    expect(copyOwner(viewerFacts(member()), sharingRule([{ by: [] }]), "sid1")).toBeUndefined();
  });

  it("a rule always names signedIn; an undeclared read is shared by nobody and depends on every fact", () => {
    expect(sharingRule([{ by: ["visitor", "member"], facts: [] }]).facts).toEqual(["signedIn"]);
    const undeclared = sharingRule([undefined]);
    expect(undeclared.audiences).toEqual(new Set());
    expect(undeclared.facts).toEqual(VIEWER_FACTS);
    expect(sharingRule([undefined, { by: ["visitor", "member"], facts: [] }]).audiences).toEqual(new Set());
  });

  it("a call's rule is remembered only for up to four real procedures, so random paths cannot grow the memory", () => {
    const four = ["chatbots.list", "chatbots.byId", "chatbots.list", "chatbots.byId"];
    expect(procedureSharing(["chatbots.list"])).toBe(procedureSharing(["chatbots.list"]));
    expect(procedureSharing(four)).toBe(procedureSharing(four));
    const five = [...four, "chatbots.list"];
    expect(procedureSharing(five)).not.toBe(procedureSharing(five));
    expect(procedureSharing(five)).toEqual(procedureSharing(["chatbots.list", "chatbots.byId"]));
    // An unknown path is a read shared by nobody, never remembered, alone or in a batch.
    const unknown = ["no.such"];
    expect(procedureSharing(unknown)).toEqual(sharingRule([undefined]));
    expect(procedureSharing(unknown)).not.toBe(procedureSharing(unknown));
    const mixed = ["chatbots.list", "no.such"];
    expect(procedureSharing(mixed).audiences).toEqual(new Set());
    expect(procedureSharing(mixed)).not.toBe(procedureSharing(mixed));
  });

  it("a batch's rule: the audiences all share, every fact any depends on", () => {
    const batch = procedureSharing(["chatbots.list", "chatbots.byId"]);
    expect(batch.facts).toEqual(sharingRule([calls.chatbots.byId.sharing]).facts);
    expect(procedureSharing(["chatbots.list", "favorites.list"]).audiences).toEqual(new Set(["self"]));
  });
});
