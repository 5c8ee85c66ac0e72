import type { StatKind } from "@gallery/db";
import {
  type ListingStats,
  perPlatform,
  STAT_COUNT_KEYS,
  STATS_DAYS,
  type StatCounts,
  type StatDay,
} from "@gallery/schema";
import { sql } from "kysely";
import type { Deps } from "../deps.js";
import { LISTING_NOT_FOUND, NotFoundError } from "../errors.js";
import { mayManageListing, requireMember, type Viewer } from "../policy.js";
import { utcDay } from "./visitor.js";

/** How a stored kind is named in the read shape: a platform's click-outs by its key. */
const fieldOf = (kind: StatKind): keyof StatCounts => (kind === "view" ? "views" : kind);

const zero = (): StatCounts => ({ views: 0, ...perPlatform(() => 0) });

function add(total: StatCounts, counts: StatCounts): void {
  for (const key of STAT_COUNT_KEYS) total[key] += counts[key];
}

/** The last STATS_DAYS UTC days, oldest first, today last. */
export function lastDays(): string[] {
  const today = Date.parse(utcDay());
  return Array.from({ length: STATS_DAYS }, (_, i) => utcDay(new Date(today - (STATS_DAYS - 1 - i) * 86_400_000)));
}

interface Row {
  chatbotId: string;
  day: string;
  kind: StatKind;
  count: number;
}

/** Every day listed (zeros included), so a chart has one point a day. */
function build(chatbotId: string, days: string[], rows: Row[]): ListingStats {
  const byDay = new Map<string, StatDay>(days.map((day) => [day, { day, ...zero() }]));
  const totals = zero();
  for (const row of rows) {
    const day = byDay.get(row.day);
    if (!day) continue;
    day[fieldOf(row.kind)] += row.count;
    totals[fieldOf(row.kind)] += row.count;
  }
  return { chatbotId, totals, days: [...byDay.values()] };
}

function sumDays(days: string[], listings: ListingStats[]): ListingStats["days"] {
  return days.map((day, i) => {
    const total: StatDay = { day, ...zero() };
    for (const listing of listings) {
      add(total, listing.days[i]!);
    }
    return total;
  });
}

function readRows(deps: Deps, from: string) {
  return deps.db
    .selectFrom("listingStatsDaily as s")
    .select(["s.chatbotId", sql<string>`s.day::text`.as("day"), "s.kind", "s.count"])
    .where("s.day", ">=", from);
}

/** A creator's listings' visitors: the account's totals and days, and each listing's (newest listing first). */
export interface AccountVisits {
  totals: StatCounts;
  days: StatDay[];
  listings: ListingStats[];
}

/**
 * "Track performance" (dashboard): the viewer's listings' unique views and click-outs per platform
 * for each of the `days` (the last STATS_DAYS), per listing and for the whole account. Owners only.
 */
export async function accountStats(deps: Deps, viewer: Viewer, days = lastDays()): Promise<AccountVisits> {
  const member = requireMember(viewer);
  const [listings, rows] = await Promise.all([
    deps.db.selectFrom("chatbots").select("id").where("userId", "=", member.id).orderBy("createdAt", "desc").execute(),
    readRows(deps, days[0]!)
      .innerJoin("chatbots as c", "c.id", "s.chatbotId")
      .where("c.userId", "=", member.id)
      .execute(),
  ]);
  const byListing = new Map<string, Row[]>();
  for (const row of rows) {
    const list = byListing.get(row.chatbotId);
    if (list) list.push(row);
    else byListing.set(row.chatbotId, [row]);
  }
  const perListing = listings.map((listing) => build(listing.id, days, byListing.get(listing.id) ?? []));
  const totals = zero();
  for (const listing of perListing) {
    add(totals, listing.totals);
  }
  return { totals, days: sumDays(days, perListing), listings: perListing };
}

/** One listing's last STATS_DAYS days: its owner and moderators (admin panel). */
export async function listingStats(deps: Deps, viewer: Viewer, input: { id: string }): Promise<ListingStats> {
  const member = requireMember(viewer);
  const listing = await deps.db.selectFrom("chatbots").select("userId").where("id", "=", input.id).executeTakeFirst();
  // Someone else's listing reads as unknown: its numbers are its owner's business.
  if (!listing || !mayManageListing(member, listing, true)) throw new NotFoundError(LISTING_NOT_FOUND);
  const days = lastDays();
  const rows = await readRows(deps, days[0]!).where("s.chatbotId", "=", input.id).execute();
  return build(input.id, days, rows);
}
