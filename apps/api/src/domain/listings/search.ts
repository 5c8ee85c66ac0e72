import { type ParsedSearch, parseSearch } from "@gallery/schema";
import { type RawBuilder, sql } from "kysely";
import type { Db } from "../deps.js";
import { withinTypos } from "./typos.js";

/**
 * The gallery's search (issue 39 §1, docs/listings.md "Search"), over the weighted document a trigger keeps on each
 * listing, chatbots.search_doc (A title, B tags, C creator names and series, D tagline and description,
 * 'simple' configuration) and the word list of titles, tags and names (search_words), on PostgreSQL and the embedded
 * PGlite alike (both with pg_trgm).
 *
 * - Every word must match somewhere, in any order: as a whole word, as the start of one ("vamp" → "vampire"), or as
 *   a near spelling or a part of a word of a title, tag or name (the word list, by trigrams: "vampre" → "vampire",
 *   "nekomimi" → "neko"), near spellings bounded by typos.ts (none for a word holding a digit). Words of one character or two are matched by prefix only (trigrams need three).
 * - "quoted words" match as a phrase (those words, side by side, in that order); -word and -"a phrase" exclude.
 * - What the search before it found (the whole term as a substring of title, tags and names) is still found.
 * - Best match (`relevanceKey`): per word, the best field it is found in (title, tags, creator, tagline,
 *   description) and how (exact, prefix, near), summed; an exact title on top; popularity breaks ties.
 */

/**
 * A parsed search with each word's alternatives from the word list: `close`, its nearest spellings (the most similar,
 * and any about as similar); `near`, other near spellings and longer words holding it ("ampir" → "vampire").
 */
export interface PreparedSearch extends ParsedSearch {
  alternatives: Record<string, { close: string[]; near: string[] }>;
  /**
   * Whether the whole term must also be tried as a substring (the search before this one). Not when the words find
   * all it would: a term of letters, digits and spaces, every word of three characters or more, and every word held
   * inside other words listed whole (under CONTAINING_MAX); for such a term, a substring match of title, tags and
   * names holds each word inside a word of them, which the words' own alternatives find.
   */
  substring: boolean;
  /**
   * The listed words each typed word starts (search_lexicon), when there are at most PREFIX_WORDS_MAX: the word is
   * then asked for as those whole words rather than as a prefix (`'crim':*`), which the GIN index answers by
   * collecting every posting of every word it starts, each time.
   */
  prefixes: Record<string, string[]>;
}

/** A word list lookup needs three characters (trigrams); shorter words match by prefix. */
const TRIGRAM_MIN = 3;
/** Near spellings per word (most similar first, of NEAR_LOOKED_AT looked at) and longer words holding it. */
const NEAR_MAX = 3;
const NEAR_LOOKED_AT = 10;
const CONTAINING_MAX = 20;
/** Near spellings this close to the most similar one are `close` too. */
const CLOSE_BY = 0.05;
/** Words ranked one by one (every word still has to match; the rest only filter). */
const RANKED_MAX = 8;
/** At most this many listed words stand in for a prefix; a prefix starting more stays a prefix. */
const PREFIX_WORDS_MAX = 32;

/**
 * The listed words (search_lexicon: every word of every document) each of `words` starts, for those starting at
 * most PREFIX_WORDS_MAX: in byte order a prefix's words stand together, so the first PREFIX_WORDS_MAX + 1 words
 * from the prefix on hold them all, or show there are more.
 */
export async function prefixWords(db: Db, words: string[]): Promise<Record<string, string[]>> {
  const prefixes: Record<string, string[]> = {};
  if (words.length === 0) return prefixes;
  const { rows } = await sql<{ prefix: string; words: string[] }>`
    SELECT q.p AS prefix, array_agg(l.word ORDER BY l.word) FILTER (WHERE starts_with(l.word, q.p)) AS words
    FROM unnest(${words}::text[]) AS q(p)
    CROSS JOIN LATERAL (SELECT word FROM search_lexicon WHERE word >= q.p COLLATE "C" ORDER BY word
      LIMIT ${sql.lit(PREFIX_WORDS_MAX + 1)}) l
    GROUP BY q.p`.execute(db);
  for (const row of rows) {
    const starting = row.words ?? [];
    if (starting.length > 0 && starting.length <= PREFIX_WORDS_MAX) prefixes[row.prefix] = starting;
  }
  return prefixes;
}

/** The term's near spellings and containing words, looked up in the word list (one query). */
export async function prepareSearch(db: Db, term: string): Promise<PreparedSearch> {
  const parsed = parseSearch(term);
  const lookup = parsed.words.filter((word) => word.length >= TRIGRAM_MIN);
  const alternatives: PreparedSearch["alternatives"] = {};
  /** How many longer words hold each word (at most CONTAINING_MAX are listed). */
  const inside = new Map<string, number>();
  if (lookup.length > 0) {
    // A longer word holding the typed one counts similarity 0.
    const { rows } = await sql<{ word: string; alternative: string; similarity: number; inside: boolean }>`
      SELECT q.w AS word, s.alternative, max(s.similarity)::float8 AS similarity, bool_or(s.inside) AS inside
      FROM unnest(${lookup}::text[]) AS q(w)
      CROSS JOIN LATERAL (
        (SELECT sw.word AS alternative, similarity(sw.word, q.w) AS similarity, false AS inside FROM search_words sw
          WHERE sw.word % q.w AND sw.word NOT LIKE q.w || '%'
          ORDER BY similarity(sw.word, q.w) DESC, sw.word LIMIT ${sql.lit(NEAR_LOOKED_AT)})
        UNION ALL
        (SELECT sw.word, 0, true FROM search_words sw
          WHERE sw.word LIKE '%' || q.w || '%' AND sw.word NOT LIKE q.w || '%'
          ORDER BY length(sw.word), sw.word LIMIT ${sql.lit(CONTAINING_MAX)})
      ) s
      GROUP BY q.w, s.alternative`.execute(db);
    for (const word of lookup) {
      const found = rows.filter((row) => row.word === word);
      inside.set(word, found.filter((row) => row.inside).length);
      // Trigrams find candidates; only those within the word's typo budget stand in for it (typos.ts).
      const near = found
        .filter((row) => !row.inside && withinTypos(word, row.alternative))
        .sort((a, b) => b.similarity - a.similarity)
        .slice(0, NEAR_MAX);
      const mine = [...near, ...found.filter((row) => row.inside)];
      if (mine.length === 0) continue;
      const best = Math.max(...mine.map((row) => row.similarity));
      const isClose = (row: { similarity: number }) => best > 0 && row.similarity >= best - CLOSE_BY;
      alternatives[word] = {
        close: mine.filter(isClose).map((row) => row.alternative),
        near: mine.filter((row) => !isClose(row)).map((row) => row.alternative),
      };
    }
  }
  const listedWhole = (word: string) => (inside.get(word) ?? 0) < CONTAINING_MAX;
  const substring =
    !/^[\p{L}\p{N}\s]+$/u.test(parsed.raw) ||
    parsed.words.some((word) => word.length < TRIGRAM_MIN || !listedWhole(word));
  return { ...parsed, alternatives, substring, prefixes: await prefixWords(db, parsed.words) };
}

/**
 * A lexeme as tsquery text (words hold letters and digits only; quoted all the same); `tiered`, marked for a query
 * over the tier-marked documents (search-tiers.ts: `~T~` becomes each tier's mark).
 */
const lexeme = (word: string, tiered = false) => `'${tiered ? "~T~" : ""}${word.replace(/'/g, "''")}'`;
const phrase = (words: string[], weight = "", tiered = false) =>
  words.map((word) => `${lexeme(word, tiered)}${weight ? `:${weight}` : ""}`).join(" <-> ");
export const either = (parts: string[]) => `(${parts.join(" | ")})`;

/**
 * A typed word as the start of words, in the fields of `weight` (tsquery text, tier-marked when `tiered`): the listed
 * words it starts when prefixWords found them, else the word as a prefix. The search's words and the suggestions'.
 */
export function wordStart(word: string, starting: string[] | undefined, weight = "", tiered = false): string[] {
  const w = weight ? `:${weight}` : "";
  return starting ? starting.map((listed) => `${lexeme(listed, tiered)}${w}`) : [`${lexeme(word, tiered)}:*${weight}`];
}
/**
 * A query as a tsquery constant. Not to_tsquery('simple', …): that is a stable function, run again for every row the
 * CASE of relevanceKey looks at (most of a common word's time); the words are already what the 'simple' configuration
 * makes of them (lower case, letters and digits: parseSearch), so the immutable cast, folded once, reads them the same.
 */
const tsquery = (text: string) => sql`${text}::tsquery`;

/** What one word matches: itself as a word or a prefix, or one of its alternatives. */
function wordMatch(search: PreparedSearch, word: string, weight = "", tiered = false): string {
  const w = weight ? `:${weight}` : "";
  const { close = [], near = [] } = search.alternatives[word] ?? {};
  const starting = search.prefixes[word];
  return either([
    ...wordStart(word, starting, weight, tiered),
    ...[...close, ...near].filter((alt) => !starting?.includes(alt)).map((alt) => `${lexeme(alt, tiered)}${w}`),
  ]);
}

/** True when the term has something a listing must hold (a word, a phrase), not only exclusions. */
const hasPositive = (search: ParsedSearch) => search.words.length + search.phrases.length + search.exact.length > 0;

/**
 * What every match holds (each word and phrase, in the fields of `weight` when given) as tsquery text, marked for the
 * tier-marked documents when `tiered`; undefined when the term has nothing positive.
 */
export function positiveQuery(search: PreparedSearch, weight = "", tiered = false): string | undefined {
  if (!hasPositive(search)) return undefined;
  const w = weight ? `:${weight}` : "";
  return [
    ...search.words.map((word) => wordMatch(search, word, weight, tiered)),
    ...search.exact.map((word) => `${lexeme(word, tiered)}${w}`),
    ...search.phrases.map((words) => `(${phrase(words, weight, tiered)})`),
  ].join(" & ");
}

/** None of the term's excluded words and phrases, over a listing row aliased `alias`; undefined when it has none. */
export function exclusionCondition(search: PreparedSearch, alias = "c"): RawBuilder<boolean> | undefined {
  if (search.excluded.length === 0) return undefined;
  const excluded = search.excluded.map((words) => `(${phrase(words)})`).join(" | ");
  return sql<boolean>`NOT ${sql.ref(`${alias}.search_doc`)} @@ ${tsquery(excluded)}`;
}

/**
 * The search's condition over a listing row aliased `alias` (chatbots: its search_doc and search_text): every word
 * and phrase found, or the whole term as a substring as before; none of the excluded.
 */
export function searchCondition(search: PreparedSearch, alias = "c"): RawBuilder<boolean> {
  const doc = sql.ref(`${alias}.search_doc`);
  const text = sql.ref(`${alias}.search_text`);
  const like = `%${search.raw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const positive = positiveQuery(search);
  const words = sql`${doc} @@ ${tsquery(positive ?? "")}`;
  const found = !positive
    ? sql`${text} LIKE ${like}`
    : search.substring
      ? sql`(${words} OR ${text} LIKE ${like})`
      : words;
  const exclusion = exclusionCondition(search, alias);
  return exclusion ? sql<boolean>`(${found} AND ${exclusion})` : sql<boolean>`${found}`;
}

/**
 * Best match ranks a bounded candidate set, so a common word costs about what a rare one does: the BEST_MATCH_CANDIDATES
 * most popular matches, and as many of the most popular whose title holds every word and phrase (`titleCondition`),
 * so a listing named for the term is ranked however many listings mention it elsewhere. Best match pages through
 * those (at most twice BEST_MATCH_CANDIDATES); the other sorts page through every match (docs/listings.md "Search").
 */
export const BEST_MATCH_CANDIDATES = 200;

/**
 * The listing's title (weight A) holds every word (as a word, a prefix or an alternative) and every phrase of the
 * term: the title tier of Best match's candidates (queries.ts). Undefined when the term has nothing positive.
 */
export function titleCondition(search: PreparedSearch, alias = "c"): RawBuilder<boolean> | undefined {
  const inTitle = positiveQuery(search, "A");
  return inTitle ? sql<boolean>`${sql.ref(`${alias}.search_doc`)} @@ ${tsquery(inTitle)}` : undefined;
}

/** Points per field a word is best found in, and per how (exact word, prefix, nearest spelling, other near spelling or part of a word). */
const FIELD_POINTS = { title: 50, tags: 40, creator: 30, tagline: 20, description: 10 } as const;
const HOW_POINTS = { exact: 4, prefix: 3, close: 2, near: 1 } as const;
/** An exact title (the term's words are the title's words) goes above every partial match. */
const EXACT_TITLE_POINTS = 1000;

/** One word's or phrase's points: the best (field, how) it is found in, as one CASE (the first true branch wins). */
function termPoints(
  alias: string,
  queries: (weight: string) => { how: keyof typeof HOW_POINTS; text: string }[],
): RawBuilder<number> {
  const doc = sql.ref(`${alias}.search_doc`);
  const tagline = sql`to_tsvector('simple', coalesce(${sql.ref(`${alias}.tagline`)}, ''))`;
  const branches: RawBuilder<unknown>[] = [];
  const fields: [keyof typeof FIELD_POINTS, string, RawBuilder<unknown>][] = [
    ["title", "A", doc],
    ["tags", "B", doc],
    ["creator", "C", doc],
    // Tagline and description share weight D: the tagline's own words tell them apart.
    ["tagline", "D", tagline],
    ["description", "D", doc],
  ];
  for (const [field, weight, vector] of fields) {
    for (const { how, text } of queries(weight)) {
      branches.push(sql`WHEN ${vector} @@ ${tsquery(text)} THEN ${sql.lit(FIELD_POINTS[field] + HOW_POINTS[how])}`);
    }
  }
  return sql<number>`(CASE ${sql.join(branches, sql` `)} ELSE 0 END)`;
}

/**
 * Best match's sort key over a listing row aliased `alias`: higher first. Whole points for how well the words are
 * found, plus popularity as a fraction below one (p / (p + 1) grows with p), so popularity only breaks ties.
 */
export function relevanceKey(search: PreparedSearch | undefined, alias = "c"): RawBuilder<number> {
  const popularity = sql`(${sql.ref(`${alias}.popular_score`)}::float8 / (${sql.ref(`${alias}.popular_score`)} + 1))`;
  if (!search || !hasPositive(search)) return sql<number>`${popularity}`;
  const terms: RawBuilder<number>[] = [];
  for (const word of search.words.slice(0, RANKED_MAX)) {
    const { close = [], near = [] } = search.alternatives[word] ?? {};
    const alternatives = (how: "close" | "near", words: string[], weight: string) =>
      words.length ? [{ how, text: either(words.map((alt) => `${lexeme(alt)}:${weight}`)) }] : [];
    terms.push(
      termPoints(alias, (weight) => [
        { how: "exact", text: `${lexeme(word)}:${weight}` },
        { how: "prefix", text: `${lexeme(word)}:*${weight}` },
        ...alternatives("close", close, weight),
        ...alternatives("near", near, weight),
      ]),
    );
  }
  for (const words of [...search.exact.map((word) => [word]), ...search.phrases].slice(0, RANKED_MAX)) {
    terms.push(termPoints(alias, (weight) => [{ how: "exact", text: phrase(words, weight) }]));
  }
  const allWords = [...search.words, ...search.exact, ...search.phrases.flat()].join(" ");
  // The title's words, as the term's were taken apart, compared whole: "The Ice-Queen!" is the term "the ice queen".
  const titleWords = sql`btrim(regexp_replace(lower(${sql.ref(`${alias}.title`)}), '[^[:alnum:]]+', ' ', 'g'))`;
  // A longer title cannot be the term's words (the regular expression is only run for titles about as long).
  const exactTitle = sql`(CASE WHEN length(${sql.ref(`${alias}.title`)}) > ${sql.lit(allWords.length * 2 + 10)} THEN 0
    WHEN ${titleWords} = ${allWords} THEN ${sql.lit(EXACT_TITLE_POINTS)} ELSE 0 END)`;
  return sql<number>`(${exactTitle} + ${sql.join(terms, sql` + `)} + ${popularity})`;
}
