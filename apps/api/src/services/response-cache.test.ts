import { describe, expect, it } from "vitest";
import { intersectAudiences, ResponseCache } from "./response-cache.js";

const page = (body: string) => ({
  headers: { "content-type": "application/json" },
  body: Buffer.from(body),
  compressed: {},
});

function cacheAt(ttlMs: number, maxEntries?: number) {
  let now = 1_000_000;
  const cache = new ResponseCache({ ttlMs, maxEntries, now: () => now });
  return { cache, advance: (ms: number) => (now += ms) };
}

describe("ResponseCache", () => {
  it("keeps a copy per audience and url until it is too old, and tells its age", () => {
    const { cache, advance } = cacheAt(10_000);
    cache.store("visitor x", "/api/chatbots", page("[1]"), cache.generation);
    expect(cache.response("member x", "/api/chatbots")).toBeUndefined();
    expect(cache.response("visitor x", "/api/chatbots?limit=1")).toBeUndefined();
    advance(2_500);
    expect(cache.response("visitor x", "/api/chatbots")).toMatchObject({ body: Buffer.from("[1]"), age: 2 });
    advance(7_500);
    expect(cache.response("visitor x", "/api/chatbots")).toBeUndefined();
  });

  it("drops everything on clear, and refuses a copy computed before the clear", () => {
    const { cache } = cacheAt(10_000);
    const before = cache.generation;
    cache.store("visitor x", "/a", page("old"), before);
    cache.rememberCaller("cookie", "member", before);
    cache.clear();
    expect(cache.response("visitor x", "/a")).toBeUndefined();
    expect(cache.callerOf("cookie")).toBeUndefined();
    // A request that started before the change finishes after it: its answer may be stale.
    cache.store("visitor x", "/a", page("stale"), before);
    cache.rememberCaller("cookie", "member", before);
    expect(cache.response("visitor x", "/a")).toBeUndefined();
    expect(cache.callerOf("cookie")).toBeUndefined();
    cache.store("visitor x", "/a", page("new"), cache.generation);
    expect(cache.response("visitor x", "/a")?.body.toString()).toBe("new");
  });

  it("forgets who each cookie is and the copies kept for one cookie, keeping the shared copies", () => {
    const { cache } = cacheAt(10_000);
    const before = cache.generation;
    cache.store("visitor x", "/a", page("visitors"), before);
    cache.store("member x", "/a", page("members"), before);
    cache.store("personal sid1", "/a", page("own"), before);
    cache.rememberCaller("sid1", "personal", before);
    cache.forgetViewers();
    expect(cache.response("visitor x", "/a")?.body.toString()).toBe("visitors");
    expect(cache.response("member x", "/a")?.body.toString()).toBe("members");
    expect(cache.response("personal sid1", "/a")).toBeUndefined();
    expect(cache.callerOf("sid1")).toBeUndefined();
    // Begun before the change: a shared copy is still right, one cookie's own copy or audience may not be.
    cache.store("member x", "/b", page("members"), before);
    cache.store("personal sid1", "/b", page("stale"), before);
    cache.rememberCaller("sid1", "personal", before);
    expect(cache.response("member x", "/b")?.body.toString()).toBe("members");
    expect(cache.response("personal sid1", "/b")).toBeUndefined();
    expect(cache.callerOf("sid1")).toBeUndefined();
  });

  it("drops on a helpful mark the copies that may show marks and each session's own, keeping the rest", () => {
    const { cache } = cacheAt(10_000);
    const before = cache.generation;
    cache.store("visitor x", "/gallery", page("gallery"), before, false);
    cache.store("member x", "/gallery", page("gallery"), before, false);
    cache.store("visitor x", "/reviews", page("reviews"), before, true);
    cache.store("visitor x", "/undeclared", page("undeclared"), before);
    cache.store("personal sid1", "/own", page("own"), before, false);
    cache.rememberCaller("sid1", "member", before);
    cache.forgetHelpful();
    expect(cache.response("visitor x", "/gallery")?.body.toString()).toBe("gallery");
    expect(cache.response("member x", "/gallery")?.body.toString()).toBe("gallery");
    expect(cache.response("visitor x", "/reviews")).toBeUndefined();
    expect(cache.response("visitor x", "/undeclared")).toBeUndefined();
    expect(cache.response("personal sid1", "/own")).toBeUndefined();
    expect(cache.callerOf("sid1")).toBe("member");
    // Begun before the mark: a copy showing no marks is still right; one showing them, or a session's own, may not be.
    cache.store("visitor x", "/gallery2", page("gallery"), before, false);
    cache.store("visitor x", "/reviews", page("stale"), before, true);
    cache.store("personal sid1", "/own", page("stale"), before, false);
    expect(cache.response("visitor x", "/gallery2")?.body.toString()).toBe("gallery");
    expect(cache.response("visitor x", "/reviews")).toBeUndefined();
    expect(cache.response("personal sid1", "/own")).toBeUndefined();
    // Any other change drops the copies that show no marks too.
    cache.clear();
    expect(cache.response("visitor x", "/gallery")).toBeUndefined();
    cache.store("visitor x", "/gallery", page("stale"), before, false);
    expect(cache.response("visitor x", "/gallery")).toBeUndefined();
  });

  it("holds at most maxEntries copies, the least recently used leaving first", () => {
    const { cache } = cacheAt(10_000, 2);
    cache.store("visitor x", "/1", page("/1"), cache.generation);
    cache.store("visitor x", "/2", page("/2"), cache.generation);
    expect(cache.response("visitor x", "/1")?.body.toString()).toBe("/1");
    cache.store("visitor x", "/3", page("/3"), cache.generation);
    expect(cache.size).toBe(2);
    expect(cache.response("visitor x", "/2")).toBeUndefined();
    expect(cache.response("visitor x", "/1")?.body.toString()).toBe("/1");
    expect(cache.response("visitor x", "/3")?.body.toString()).toBe("/3");
  });

  it("keeps nothing with a time to live of 0", () => {
    const { cache } = cacheAt(0);
    cache.store("visitor x", "/a", page("x"), cache.generation);
    cache.rememberCaller("cookie", "visitor", cache.generation);
    // Not even held until the next read (which would drop it as too old).
    expect(cache.size).toBe(0);
    expect(cache.response("visitor x", "/a")).toBeUndefined();
    expect(cache.callerOf("cookie")).toBeUndefined();
  });

  it("remembers who a cookie was until that is too old, and keeps a session's own copy for that cookie", () => {
    const { cache, advance } = cacheAt(10_000);
    cache.rememberCaller("sid1", "member 1", cache.generation);
    cache.store("personal sid1", "/own", page("own"), cache.generation);
    expect(cache.callerOf("sid1")).toBe("member 1");
    expect(cache.callerOf("sid2")).toBeUndefined();
    expect(cache.response("personal sid1", "/own")?.body.toString()).toBe("own");
    expect(cache.response("personal sid2", "/own")).toBeUndefined();
    // Taken after a change of who a session is: kept again.
    cache.forgetViewers();
    cache.rememberCaller("sid1", "member 2", cache.generation);
    expect(cache.callerOf("sid1")).toBe("member 2");
    advance(10_000);
    expect(cache.callerOf("sid1")).toBeUndefined();
    expect(cache.response("personal sid1", "/own")).toBeUndefined();
  });
});

describe("intersectAudiences", () => {
  it("shares a batch only with the audiences every read of it is shared by", () => {
    expect(intersectAudiences([["visitor", "member"], ["visitor"]])).toEqual(new Set(["visitor"]));
    expect(intersectAudiences([["visitor", "member"], []])).toEqual(new Set());
    // A batch of no reads is shared by nobody.
    expect(intersectAudiences([])).toEqual(new Set());
  });

  it("lets a session keep a batch of its own reads and reads every member shares, for itself alone", () => {
    expect(intersectAudiences([["self"], ["visitor", "member"]])).toEqual(new Set(["self"]));
    expect(intersectAudiences([["self"], ["visitor"]])).toEqual(new Set());
    expect(intersectAudiences([["member"], ["visitor", "member"]])).toEqual(new Set(["member", "self"]));
  });
});
