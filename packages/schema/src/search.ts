/**
 * How a search term is read, beside the search box's texts: no zod here, as the header's search box (on every
 * page) imports this and the suggestions' schemas (suggestions.ts) would put zod in every page's first script.
 */

/** The header search box's suggestions (issue 39 §1): titles, tags and creators, at most this many. */
export const SUGGESTIONS_MAX = 8;
/** Fewer characters than this suggest nothing (every listing would). */
export const SUGGEST_MIN = 2;

/** A search term taken apart. Words are lower-cased runs of letters and digits, as PostgreSQL's 'simple' parser makes them. */
export interface ParsedSearch {
  /** The trimmed term, lower-cased: the substring the search before issue 39 looked for (still one way to match). */
  raw: string;
  /** Words to find, each as a whole word, a prefix or a near spelling. */
  words: string[];
  /** Quoted phrases (two words or more). */
  phrases: string[][];
  /** Quoted single words: found as whole words only. */
  exact: string[];
  /** Words and phrases (-word, -"a phrase") that exclude a listing. */
  excluded: string[][];
}

const WORD = /[\p{L}\p{N}]+/gu;
/** A text's words as the search takes them. */
export const searchWordsOf = (text: string): string[] => text.toLowerCase().match(WORD) ?? [];

/**
 * The one reading of a search term, the api's (its SQL) and the web's (highlighted words) alike:
 * `elf -horror "ice queen"` → words [elf], excluded [[horror]], phrases [[ice, queen]].
 */
export function parseSearch(term: string): ParsedSearch {
  const raw = term.trim().toLowerCase();
  const parsed: ParsedSearch = { raw, words: [], phrases: [], exact: [], excluded: [] };
  // A token: an optional minus, then a quoted part (to its closing quote or the end) or a run without spaces.
  for (const [, minus, quoted, bare] of raw.matchAll(/(-?)(?:"([^"]*)"?|(\S+))/g)) {
    const words = searchWordsOf(quoted ?? bare ?? "");
    if (words.length === 0) continue;
    if (minus) parsed.excluded.push(words);
    else if (quoted === undefined) parsed.words.push(...words);
    else if (words.length === 1) parsed.exact.push(words[0] as string);
    else parsed.phrases.push(words);
  }
  parsed.words = [...new Set(parsed.words)];
  parsed.exact = [...new Set(parsed.exact)];
  return parsed;
}

/** The words a listing is found by (not the excluded ones): what cards highlight. */
export function wantedWords(term: string | undefined): string[] {
  if (!term?.trim()) return [];
  const parsed = parseSearch(term);
  return [...new Set([...parsed.words, ...parsed.exact, ...parsed.phrases.flat()])];
}

/** What the search box says about its suggestions (the listbox's name and a group's label). */
export const SEARCH_TEXTS = {
  suggestions: "Suggestions",
  kinds: { title: "Chatbot", tag: "Tag", creator: "Creator" },
} as const;
