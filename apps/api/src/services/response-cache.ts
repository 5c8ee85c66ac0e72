import type { Encoding } from "./compression.js";

/**
 * Who a copy of a read may be handed to: every visitor, every member (the gallery differs only between
 * visitors and signed-in members), or `self`: only the session that asked (a member's own reads, such as
 * their favourites, kept for their session cookie alone). A read every member shares is also one a
 * session may keep for itself.
 */
export type Audience = "visitor" | "member" | "self";
/**
 * Whose copy it is: an audience's viewers alike in the facts the read depends on (`visitor <key>`, `member <key>`:
 * the key is the viewer policy's viewerKey of those facts, made by plugins/app/response-cache.ts), or one
 * session's own (`personal <cookie>`: a member's own answers, handed back to that same session cookie only).
 */
export type CopyOwner = `${"visitor" | "member"} ${string}` | `personal ${string}`;
export const personalCopyOwner = (sessionCookie: string): CopyOwner => `personal ${sessionCookie}`;

/**
 * Documents that show a visitor's view whoever asks (the feeds, the sitemap): one copy per audience, alike,
 * whatever else differs between viewers (no fact of theirs: `facts: []`).
 */
export const SAME_FOR_EVERYONE = { by: ["visitor", "member"], facts: [] } as const satisfies {
  by: readonly Audience[];
  facts: readonly [];
};

const withSelf = (list: readonly Audience[]): readonly Audience[] =>
  list.includes("member") && !list.includes("self") ? [...list, "self"] : list;

/** The audiences every one of these reads is shared by (a REST route's, or a tRPC batch's). */
export function intersectAudiences(lists: ReadonlyArray<readonly Audience[]>): ReadonlySet<Audience> {
  const expanded = lists.map(withSelf);
  return new Set(expanded[0]?.filter((audience) => expanded.every((each) => each.includes(audience))));
}

export interface StoredResponse {
  headers: Record<string, string | string[] | number>;
  /** The answer as plain text, encoded once (UTF-8) rather than on every send: a sitemap file is 200 kB. */
  body: Buffer;
  /**
   * The body compressed per encoding, made when first asked for: one object per stored copy, shared by
   * every `Copy` read from it, so a form made once is kept until the copy goes.
   */
  compressed: Partial<Record<Encoding, Buffer>>;
}

export interface Copy extends StoredResponse {
  /** Seconds since the copy was made (an HTTP Age header). */
  age: number;
}

interface Entry<T> {
  value: T;
  storedAt: number;
  expiresAt: number;
  /** A copy that may show helpful marks (a read declaring them, or one session's own): a mark drops it. */
  showsHelpful?: boolean;
}

export interface ResponseCacheOptions {
  ttlMs: number;
  /** Copies kept at most; the least recently used go first. */
  maxEntries?: number;
  now?: () => number;
}

/** Taken before computing a response (`ResponseCache.generation`), handed to `store` and `rememberCaller`. */
export interface Generation {
  shapes: number;
  viewers: number;
  helpful: number;
}

/**
 * Short-lived copies of public reads whose answer is the same for every caller of an audience alike in what the
 * read depends on, and who each session cookie was a moment ago (`Caller`: the viewer policy's value of who is
 * asking), so a copy can be served without reading the session. `clear()` drops everything (what a public read shows changed);
 * `forgetViewers()` only what was remembered of each cookie and the copies kept for one cookie (who a
 * session is changed: a sign-out, a member's settings), so the shared copies stay; `forgetHelpful()` only the
 * copies that may show helpful marks (a mark given or taken back), so the gallery's stay. A copy or a memory
 * computed before any of these is not kept if that change drops its kind (`generation` tells), so nothing
 * outlives a change it did not see.
 */
export class ResponseCache<Caller = unknown> {
  readonly #responses = new Map<string, Entry<StoredResponse>>();
  readonly #callers = new Map<string, Entry<Caller>>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  #shapes = 0;
  #viewers = 0;
  #helpful = 0;

  constructor(options: ResponseCacheOptions) {
    this.#ttlMs = options.ttlMs;
    this.#maxEntries = options.maxEntries ?? 1000;
    this.#now = options.now ?? Date.now;
  }

  get generation(): Generation {
    return { shapes: this.#shapes, viewers: this.#viewers, helpful: this.#helpful };
  }

  get size(): number {
    return this.#responses.size;
  }

  clear(): void {
    this.#shapes++;
    this.#viewers++;
    this.#helpful++;
    this.#responses.clear();
    this.#callers.clear();
  }

  forgetViewers(): void {
    this.#viewers++;
    this.#callers.clear();
    for (const key of this.#responses.keys()) if (key.startsWith("personal ")) this.#responses.delete(key);
  }

  forgetHelpful(): void {
    this.#helpful++;
    for (const [key, entry] of this.#responses) if (entry.showsHelpful) this.#responses.delete(key);
  }

  response(owner: CopyOwner, url: string): Copy | undefined {
    const entry = this.#fresh(this.#responses, `${owner} ${url}`);
    return entry && { ...entry.value, age: Math.floor((this.#now() - entry.storedAt) / 1000) };
  }

  /**
   * Keeps a copy made at `generation`. `showsHelpful` (unless told otherwise): its read may show helpful marks
   * (declared `helpfulMarks`); a session's own copy is taken to, whatever it is (a member's own reads say which
   * reviews they marked).
   */
  store(owner: CopyOwner, url: string, response: StoredResponse, generation: Generation, showsHelpful = true): void {
    // A copy keyed by what its viewers are alike in outlives a change of who a session is; a session's own does not.
    const personal = owner.startsWith("personal ");
    const helpful = showsHelpful || personal;
    const current =
      generation.shapes === this.#shapes &&
      (!personal || generation.viewers === this.#viewers) &&
      (!helpful || generation.helpful === this.#helpful);
    if (current) this.#put(this.#responses, `${owner} ${url}`, response, helpful);
  }

  /** Who a session cookie was when last checked, if that was recent. */
  callerOf(sessionCookie: string): Caller | undefined {
    return this.#fresh(this.#callers, sessionCookie)?.value;
  }

  rememberCaller(sessionCookie: string, caller: Caller, generation: Generation): void {
    if (generation.shapes === this.#shapes && generation.viewers === this.#viewers)
      this.#put(this.#callers, sessionCookie, caller);
  }

  #fresh<T>(map: Map<string, Entry<T>>, key: string): Entry<T> | undefined {
    const entry = map.get(key);
    if (!entry) return undefined;
    map.delete(key);
    if (entry.expiresAt <= this.#now()) return undefined;
    // Back to the end of the map's order: most recently used.
    map.set(key, entry);
    return entry;
  }

  #put<T>(map: Map<string, Entry<T>>, key: string, value: T, showsHelpful = false): void {
    if (this.#ttlMs <= 0) return;
    map.delete(key);
    if (map.size >= this.#maxEntries) map.delete(map.keys().next().value as string);
    const now = this.#now();
    map.set(key, { value, storedAt: now, expiresAt: now + this.#ttlMs, showsHelpful });
  }
}
