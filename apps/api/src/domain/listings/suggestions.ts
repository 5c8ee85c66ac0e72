import { creatorDisplayName, parseSearch, SUGGEST_MIN, type Suggestion, searchWordsOf } from "@gallery/schema";
import { sql } from "kysely";
import type { Db } from "../deps.js";
import type { Viewer } from "../policy.js";
import { galleryFacets } from "./queries.js";
import { either, prefixWords, wordStart } from "./search.js";
import { mostPopularByTier } from "./search-tiers.js";

/** Listings read for one answer (the most popular matches), and how many of each kind it holds (8 in all). */
const CANDIDATES = 40;
const PER_KIND = { title: 4, tag: 2, creator: 2 } as const;

/** Every typed word starts a word of the text ("elf pri" → "Elf Princess"). */
const covers = (text: string, typed: string[]) => {
  const words = searchWordsOf(text);
  return typed.every((word) => words.some((candidate) => candidate.startsWith(word)));
};

/**
 * The search box's suggestions for what is typed so far: titles, tags and creators of the most popular listings the
 * viewer may see in the gallery whose title, tags or creator's names hold every typed word as the start of a word.
 * The gallery's own visibility rules (queries.ts galleryFacets, the viewer policy) choose the listings, so a
 * visitor is never offered an NSFW title, nor a tag or creator known only from NSFW listings.
 */
export async function suggest(db: Db, viewer: Viewer, input: { q: string }): Promise<Suggestion[]> {
  const parsed = parseSearch(input.q);
  const typed = [...parsed.words, ...parsed.exact, ...parsed.phrases.flat()];
  if (input.q.trim().length < SUGGEST_MIN || typed.length === 0) return [];
  // Each word as the start of a word of a title (A), tag (B) or name or series (C), as tsquery text marked for the
  // tier-marked documents (search-tiers.ts): the listed words it starts when they are few (search.ts prefixWords),
  // else the prefix. The words are already what the 'simple' configuration makes of them (parseSearch), so the
  // text reads as to_tsquery would.
  const prefixes = await prefixWords(db, typed);
  const query = typed.map((word) => either(wordStart(word, prefixes[word], "ABC", true))).join(" & ");
  // The most popular matches from the narrow copy (listing_facets), tier by tier through the tier-marked document's
  // GIN index, then their titles, tags and creators from the listing itself.
  const candidates = mostPopularByTier(galleryFacets(db, viewer), query, CANDIDATES);
  const rows = await db
    .selectFrom("chatbots as c")
    .innerJoin("users as u", "u.id", "c.userId")
    .where(sql<boolean>`c.id IN ${candidates}`)
    .select(["c.id", "c.title", "c.tags", "u.id as creatorId", "u.nickname", "u.firstName", "u.lastName"])
    .orderBy("c.popularScore", "desc")
    .orderBy("c.id")
    .execute();
  const found: Record<keyof typeof PER_KIND, Suggestion[]> = { title: [], tag: [], creator: [] };
  const seen = new Set<string>();
  const add = (suggestion: Suggestion) => {
    const key = `${suggestion.kind}:${suggestion.text.toLowerCase()}`;
    if (seen.has(key) || found[suggestion.kind].length >= PER_KIND[suggestion.kind]) return;
    seen.add(key);
    found[suggestion.kind].push(suggestion);
  };
  for (const row of rows) {
    if (covers(row.title, typed)) add({ kind: "title", text: row.title, id: row.id });
    for (const tag of row.tags) if (covers(tag, typed)) add({ kind: "tag", text: tag, id: null });
    // The name as cards show it (never an e-mail).
    const name = creatorDisplayName({ nickname: row.nickname, firstName: row.firstName, lastName: row.lastName });
    const names = [row.nickname, row.firstName, row.lastName].filter(Boolean).join(" ");
    if (name !== "Unknown User" && covers(names, typed)) add({ kind: "creator", text: name, id: row.creatorId });
  }
  return [...found.title, ...found.tag, ...found.creator];
}
