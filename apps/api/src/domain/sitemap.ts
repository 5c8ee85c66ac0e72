import { sql } from "kysely";
import type { Db } from "./deps.js";
import { mayViewNsfw } from "./policy.js";

/**
 * What search engines may list: the pages a visitor can open. Listings a visitor may see (SFW), and
 * profiles a visitor may see (approved) that show at least one of them. Read in id order with keyset
 * queries, so any file of a 100,000-listing sitemap costs the same.
 */

export type SitemapSection = "listings" | "profiles";

export interface SitemapEntry {
  id: string;
  /** The listing's title (its slug); null for a profile. */
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

const listingIds = (db: Db) =>
  visibleListings(db).select(["c.id", sql<number>`row_number() OVER (ORDER BY c.id)`.as("n")]);

/**
 * Where each file of a section starts: the id of its first entry (every `perFile`-th id). One pass over
 * the ids; the sitemap index links one file per id.
 */
export async function sitemapFileStarts(db: Db, section: SitemapSection, perFile: number): Promise<string[]> {
  const ids = (
    section === "listings"
      ? listingIds(db)
      : visibleProfiles(db).select(["u.id", sql<number>`row_number() OVER (ORDER BY u.id)`.as("n")])
  ) as ReturnType<typeof listingIds>;
  const rows = await db
    .selectFrom(ids.as("s"))
    .select("s.id")
    .where(sql<boolean>`(s.n - 1) % ${perFile} = 0`)
    .orderBy("s.id")
    .execute();
  return rows.map((row) => row.id);
}

/** One file's entries from `fromId` on (at most `perFile`), a batch at a time. */
export async function* sitemapEntries(
  db: Db,
  section: SitemapSection,
  fromId: string | undefined,
  perFile: number,
): AsyncGenerator<SitemapEntry[]> {
  let left = perFile;
  let after: string | undefined;
  while (left > 0) {
    const limit = Math.min(BATCH, left);
    const rows =
      section === "listings"
        ? await visibleListings(db)
            .select(["c.id", "c.title", lastmod("c")])
            .$if(after === undefined && fromId !== undefined, (q) => q.where("c.id", ">=", fromId!))
            .$if(after !== undefined, (q) => q.where("c.id", ">", after!))
            .orderBy("c.id")
            .limit(limit)
            .execute()
        : await visibleProfiles(db)
            .select(["u.id", sql<string | null>`NULL`.as("title"), lastmod("u")])
            .$if(after === undefined && fromId !== undefined, (q) => q.where("u.id", ">=", fromId!))
            .$if(after !== undefined, (q) => q.where("u.id", ">", after!))
            .orderBy("u.id")
            .limit(limit)
            .execute();
    if (rows.length === 0) return;
    yield rows;
    left -= rows.length;
    after = rows.at(-1)!.id;
    if (rows.length < limit) return;
  }
}
