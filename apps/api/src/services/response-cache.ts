import type { Encoding } from "./compression.js";

/**
 * Who a copy of a read may be handed to: every visitor, every member (the gallery differs only between
 * visitors and signed-in members), or `self`: only the session that asked (a member's own reads, such as
 * their favourites, kept for their session cookie alone). A read every member shares is also one a
 * session may keep for itself.
 */
export type Audience = "visitor" | "member" | "self";
/**
 * What a caller was when last seen: a visitor, a member, or `personal`, a member whose answers depend on
 * their own safety settings (a blocklist, Blur or Hide): never handed a shared copy, nothing of theirs shared.
 */
export type CallerKind = "visitor" | "member" | "personal";
/**
 * Whose copy it is: an audience's (shared by all of it), or one session's own (`personal <cookie>`: a
 * member's own answers, handed back to that same session cookie only).
 */
export type CopyOwner = "visitor" | "member" | `personal ${string}`;
export const personalCopyOwner = (sessionCookie: string): CopyOwner => `personal ${sessionCookie}`;

const withSelf = (list: readonly Audience[]): readonly Audience[] =>
  list.includes("member") && !list.includes("self") ? [...list, "self"] : list;

/** The audiences every one of these reads is shared by (a REST route's, or a tRPC batch's). */
export function intersectAudiences(lists: ReadonlyArray<readonly Audience[]>): ReadonlySet<Audience> {
  const expanded = lists.map(withSelf);
  return new Set(expanded[0]?.filter((audience) => expanded.every((each) => each.includes(audience))));
}

export interface StoredResponse {
  headers: Record<string, string | string[] | number>;
  /** The answer as plain text. */
  body: string;
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
}

export interface ResponseCacheOptions {
  ttlMs: number;
  /** Copies kept at most; the least recently used go first. */
  maxEntries?: number;
  now?: () => number;
}

/**
 * Short-lived copies of public reads whose answer is the same for every caller of an audience, and
 * what each session cookie was a moment ago (member or not), so a copy can be served without
 * reading the session. `clear()` drops everything; a copy computed before a clear is not kept
 * (`generation` tells), so a page never outlives a change it did not see.
 */
export class ResponseCache {
  readonly #responses = new Map<string, Entry<StoredResponse>>();
  readonly #audiences = new Map<string, Entry<CallerKind>>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  #generation = 0;

  constructor(options: ResponseCacheOptions) {
    this.#ttlMs = options.ttlMs;
    this.#maxEntries = options.maxEntries ?? 1000;
    this.#now = options.now ?? Date.now;
  }

  /** Changes whenever the cache is cleared; take it before computing a response, pass it to `store`. */
  get generation(): number {
    return this.#generation;
  }

  get size(): number {
    return this.#responses.size;
  }

  clear(): void {
    this.#generation++;
    this.#responses.clear();
    this.#audiences.clear();
  }

  response(owner: CopyOwner, url: string): Copy | undefined {
    const entry = this.#fresh(this.#responses, `${owner} ${url}`);
    return entry && { ...entry.value, age: Math.floor((this.#now() - entry.storedAt) / 1000) };
  }

  store(owner: CopyOwner, url: string, response: StoredResponse, generation: number): void {
    this.#put(this.#responses, `${owner} ${url}`, response, generation);
  }

  /** The audience a session cookie belonged to when last checked (or `personal`), if that was recent. */
  audienceOf(sessionCookie: string): CallerKind | undefined {
    return this.#fresh(this.#audiences, sessionCookie)?.value;
  }

  rememberAudience(sessionCookie: string, audience: CallerKind, generation: number): void {
    this.#put(this.#audiences, sessionCookie, audience, generation);
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

  #put<T>(map: Map<string, Entry<T>>, key: string, value: T, generation: number): void {
    if (generation !== this.#generation || this.#ttlMs <= 0) return;
    map.delete(key);
    if (map.size >= this.#maxEntries) map.delete(map.keys().next().value as string);
    const now = this.#now();
    map.set(key, { value, storedAt: now, expiresAt: now + this.#ttlMs });
  }
}
