import { type SelectQueryBuilder, sql } from "kysely";
import type { Db } from "./deps.js";
import { mayViewNsfw } from "./policy.js";

/**
 * What search engines may list: the pages a visitor can open. Listings a visitor may see (SFW),
 * profiles a visitor may see (approved) that show at least one of them, and public collections of such profiles
 * that show at least one of them (issue 38 §2; private ones never). Each file is a range of ids read
 * with keyset queries, and the index costs the same at any size, so any part of a 1,000,000-listing sitemap
 * costs what it does at 1,000.
 */

export type SitemapSection = "listings" | "profiles" | "collections";

export interface SitemapEntry {
  id: string;
  /** The listing's or collection's title (its slug); null for a profile. */
  title: string | null;
  /** When it last changed, as W3C datetime text (read as text: no Date per row). */
  lastmod: string;
}

const BATCH = 5000;
const lastmod = (alias: string) =>
  sql<string>`to_char(${sql.ref(`${alias}.updated_at`)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as(
    "lastmod",
  );
// A visitor's view: the policy decides, so a change of who may see NSFW changes the sitemap too.
const visitorSeesNsfw = mayViewNsfw(null);

function visibleListings(db: Db) {
  return db
    .selectFrom("chatbots as c")
    .where("c.withheld", "=", false)
    .$if(!visitorSeesNsfw, (q) => q.where("c.nsfw", "=", false));
}

function visibleProfiles(db: Db) {
  return db
    .selectFrom("users as u")
    .where("u.isApproved", "=", true)
    .where("u.suspendedAt", "is", null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("chatbots as c")
          .select(sql<number>`1`.as("one"))
          .whereRef("c.userId", "=", "u.id")
          .where("c.withheld", "=", false)
          .$if(!visitorSeesNsfw, (q) => q.where("c.nsfw", "=", false)),
      ),
    );
}

/** Public collections a visitor may open (their owner's profile visible) showing at least one visible listing. */
function visibleCollections(db: Db) {
  return db
    .selectFrom("collections as k")
    .innerJoin("users as u", "u.id", "k.userId")
    .where("k.isPublic", "=", true)
    .where("u.isApproved", "=", true)
    .where("u.suspendedAt", "is", null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("collectionItems as ci")
          .innerJoin("chatbots as c", "c.id", "ci.chatbotId")
          .select(sql<number>`1`.as("one"))
          .whereRef("ci.collectionId", "=", "k.id")
          .where("c.withheld", "=", false)
          .$if(!visitorSeesNsfw, (q) => q.where("c.nsfw", "=", false)),
      ),
    );
}

/** One sitemap file: the entries with `from <= id < to` (no `to`: to the end), at most perFile of them. */
export interface SitemapFile {
  from: string;
  to?: string;
}

/**
 * Visible ids read from the start of the id space to judge the section's size. Ids are random
 * (gen_random_uuid()), so the SAMPLE-th one lies at about SAMPLE / count of the space: a count estimate with
 * a relative error of 1/sqrt(SAMPLE) (6%), measured on the data itself. pg_class.reltuples is not used: on
 * the embedded database (no autovacuum) it stays -1 until an ANALYZE and stale after one.
 */
const SAMPLE = 256;
/** Covers six standard errors of that estimate. */
const ESTIMATE_MARGIN = 1 + 6 / Math.sqrt(SAMPLE);
/** The sitemaps.org limit of files in one index. */
const MAX_FILES = 50_000;
/** Fewer expected entries per file than this and a range's own spread is too wide to trust: number them. */
const MIN_RANGE_ENTRIES = 20;

/**
 * Expected entries per range such that no range exceeds perFile: the estimate's margin, and six standard
 * deviations of how many of the random ids fall in one range (at most sqrt(perFile)).
 */
const rangeEntries = (perFile: number) => (perFile - 6 * Math.sqrt(perFile)) / ESTIMATE_MARGIN;

/** The first 48 bits of a uuid as a fraction of the id space. */
const idFraction = (id: string) => Number.parseInt(id.replaceAll("-", "").slice(0, 12), 16) / 2 ** 48;

/** The uuid at `i / count` of the id space (a valid v4 uuid, as links are checked). */
function idAt(i: number, count: number): string {
  const hex = Math.floor((i * 2 ** 48) / count)
    .toString(16)
    .padStart(12, "0");
  return `${hex.slice(0, 8)}-${hex.slice(8)}-4000-8000-000000000000`;
}

/** The first `limit` visible ids (all of them without a limit). */
async function firstIds(db: Db, section: SitemapSection, limit: number | undefined): Promise<string[]> {
  const rows =
    section === "listings"
      ? await visibleListings(db)
          .select("c.id")
          .orderBy("c.id")
          .$if(limit !== undefined, (q) => q.limit(limit!))
          .execute()
      : section === "collections"
        ? await visibleCollections(db)
            .select("k.id")
            .orderBy("k.id")
            .$if(limit !== undefined, (q) => q.limit(limit!))
            .execute()
        : await visibleProfiles(db)
            .select("u.id")
            .orderBy("u.id")
            .$if(limit !== undefined, (q) => q.limit(limit!))
            .execute();
  return rows.map((row) => row.id);
}

/**
 * The files of a section, each a range of ids. A section of up to SAMPLE entries (or a perFile too small for
 * ranges) is numbered exactly: a file starts at every perFile-th id. A bigger one is split into evenly spaced
 * ranges of the id space, as many as its estimated size needs: one read of SAMPLE ids, whatever the size, and
 * no statistics that can be stale. A file still reads at most perFile entries, so none exceeds the limit.
 */
export async function sitemapFiles(db: Db, section: SitemapSection, perFile: number): Promise<SitemapFile[]> {
  const perRange = rangeEntries(perFile);
  const exact = perRange < MIN_RANGE_ENTRIES;
  const ids = await firstIds(db, section, exact ? undefined : SAMPLE);
  if (exact || ids.length < SAMPLE) {
    const starts = ids.filter((_, i) => i % perFile === 0);
    return starts.map((from, i) => ({ from, to: starts[i + 1] }));
  }
  const estimate = SAMPLE / Math.max(idFraction(ids[SAMPLE - 1]!), 2 ** -48);
  const count = Math.min(MAX_FILES, Math.ceil(estimate / perRange));
  return Array.from({ length: count }, (_, i) => ({
    from: idAt(i, count),
    to: i + 1 < count ? idAt(i + 1, count) : undefined,
  }));
}

/**
 * One batch of a file's range in id order: from the file's first id (`fromId`, or the start) on the first batch,
 * after the last id read on the next ones, below the next file's first id (`to`, or the end).
 */
function batchOf<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  alias: string,
  range: { fromId: string | undefined; after: string | undefined; to: string | undefined },
  limit: number,
) {
  const id = sql.ref<string>(`${alias}.id`);
  let batch = query;
  if (range.after !== undefined) batch = batch.where(sql<boolean>`${id} > ${range.after}`);
  else if (range.fromId !== undefined) batch = batch.where(sql<boolean>`${id} >= ${range.fromId}`);
  if (range.to !== undefined) batch = batch.where(sql<boolean>`${id} < ${range.to}`);
  return batch.orderBy(id).limit(limit).execute();
}

/** One file's entries, `from` (or the start) up to `to` (or the end), at most `perFile`, a batch at a time. */
export async function* sitemapEntries(
  db: Db,
  section: SitemapSection,
  { from: fromId, to }: Partial<SitemapFile>,
  perFile: number,
): AsyncGenerator<SitemapEntry[]> {
  let left = perFile;
  let after: string | undefined;
  while (left > 0) {
    const limit = Math.min(BATCH, left);
    const range = { fromId, after, to };
    const rows =
      section === "listings"
        ? await batchOf(visibleListings(db).select(["c.id", "c.title", lastmod("c")]), "c", range, limit)
        : section === "collections"
          ? await batchOf(visibleCollections(db).select(["k.id", "k.title", lastmod("k")]), "k", range, limit)
          : await batchOf(
              visibleProfiles(db).select(["u.id", sql<string | null>`NULL`.as("title"), lastmod("u")]),
              "u",
              range,
              limit,
            );
    if (rows.length === 0) return;
    yield rows;
    left -= rows.length;
    after = rows.at(-1)!.id;
    if (rows.length < limit) return;
  }
}
