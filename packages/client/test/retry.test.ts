// The clients send a request again after a 503 with Retry-After, bounded (issue 39 §4), with a fake fetch.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createGalleryClient, createGalleryRestClient, retryingFetch } from "../src/index.js";
import { retryAfterMs } from "../src/retry.js";

const unavailable = (retryAfter?: string) =>
  new Response(JSON.stringify({ message: "Service unavailable" }), {
    status: 503,
    headers: { "content-type": "application/json", ...(retryAfter === undefined ? {} : { "retry-after": retryAfter }) },
  });
const ok = (body: unknown) => new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });

/** A fetch answering from a list, recording what each request carried. */
function fakeFetch(answers: Array<() => Response>) {
  const seen: Array<{ url: string; method: string; body: string; authorization: string | null }> = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    seen.push({
      url: request.url,
      method: request.method,
      body: await request.text(),
      authorization: request.headers.get("authorization"),
    });
    const answer = answers[seen.length - 1];
    if (!answer) throw new Error("no more answers");
    return answer();
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, seen };
}

/** Runs a call to its end while the fake clock moves: the waits pass without real time. */
async function settle<T>(promise: Promise<T>): Promise<T> {
  const outcome = promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  for (let i = 0; i < 100; i++) await vi.advanceTimersByTimeAsync(1000);
  const settled = await outcome;
  if ("error" in settled) throw settled.error;
  return settled.value;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("retryingFetch", () => {
  it("sends a request again after a 503 with Retry-After, body and all, waiting what the server asks", async () => {
    const { fetch, seen } = fakeFetch([() => unavailable("2"), () => unavailable("1"), () => ok({ done: true })]);
    const retrying = retryingFetch(fetch);
    const sent = new Request("https://gallery.example/api/x", { method: "POST", body: '{"a":1}' });
    const answer = retrying(sent);
    // Not sent again before the 2 seconds asked for.
    await vi.advanceTimersByTimeAsync(1999);
    expect(seen).toHaveLength(1);
    const response = await settle(answer);
    expect(response.status).toBe(200);
    expect(seen.map((request) => request.body)).toEqual(['{"a":1}', '{"a":1}', '{"a":1}']);
  });

  it("tries at most three times by default, then answers the last 503", async () => {
    const { fetch, seen } = fakeFetch([() => unavailable("1"), () => unavailable("1"), () => unavailable("1")]);
    const response = await settle(retryingFetch(fetch)("https://gallery.example/api/x"));
    expect(response.status).toBe(503);
    expect(seen).toHaveLength(3);
  });

  it("takes a number of retries", async () => {
    const { fetch, seen } = fakeFetch(Array.from({ length: 5 }, () => () => unavailable("1")));
    const response = await settle(retryingFetch(fetch, { retries: 4 })("https://gallery.example/api/x"));
    expect(response.status).toBe(503);
    expect(seen).toHaveLength(5);
  });

  it("answers the 503 at once when the wait asked for is over the cap, or none is asked for", async () => {
    for (const retryAfter of ["11", "3600", undefined, "soon"]) {
      const { fetch, seen } = fakeFetch([() => unavailable(retryAfter), () => ok({})]);
      const response = await settle(retryingFetch(fetch)("https://gallery.example/api/x"));
      expect(response.status, String(retryAfter)).toBe(503);
      expect(seen, String(retryAfter)).toHaveLength(1);
    }
    const { fetch, seen } = fakeFetch([() => unavailable("30"), () => ok({})]);
    const response = await settle(retryingFetch(fetch, { maxWaitSeconds: 30 })("https://gallery.example/api/x"));
    expect(response.status).toBe(200);
    expect(seen).toHaveLength(2);
  });

  it("leaves other answers alone, and does not retry when told not to", async () => {
    for (const status of [429, 500, 502, 504]) {
      const { fetch, seen } = fakeFetch([() => new Response("", { status, headers: { "retry-after": "1" } })]);
      expect((await settle(retryingFetch(fetch)("https://gallery.example/api/x"))).status).toBe(status);
      expect(seen).toHaveLength(1);
    }
    const { fetch, seen } = fakeFetch([() => unavailable("1"), () => ok({})]);
    expect((await settle(retryingFetch(fetch, false)("https://gallery.example/api/x"))).status).toBe(503);
    expect(seen).toHaveLength(1);
  });

  it("stops waiting when the call is aborted", async () => {
    const { fetch, seen } = fakeFetch([() => unavailable("5"), () => ok({})]);
    const controller = new AbortController();
    const answer = retryingFetch(fetch)("https://gallery.example/api/x", { signal: controller.signal });
    const outcome = answer.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1000);
    controller.abort(new Error("stop"));
    expect(await outcome).toEqual(new Error("stop"));
    expect(seen).toHaveLength(1);
  });

  it("reads Retry-After as seconds or as an HTTP date", () => {
    const now = Date.parse("2026-11-28T12:00:00Z");
    expect(retryAfterMs("3", now)).toBe(3000);
    expect(retryAfterMs("Sat, 28 Nov 2026 12:00:04 GMT", now)).toBe(4000);
    expect(retryAfterMs("Sat, 28 Nov 2026 11:00:00 GMT", now)).toBe(0);
    expect(retryAfterMs("-1", now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });
});

describe("the clients", () => {
  it("REST: retries a 503 with Retry-After, with its credentials each time", async () => {
    const { fetch, seen } = fakeFetch([() => unavailable("1"), () => ok({ id: "b1", title: "Bot" })]);
    const rest = createGalleryRestClient({ url: "https://gallery.example/", token: "cgt_x" }, { fetch });
    const read = await settle(rest.GET("/api/chatbots/{id}", { params: { path: { id: "b1" } } }));
    expect(read.response.status).toBe(200);
    expect(read.data?.title).toBe("Bot");
    expect(seen.map((request) => [request.url, request.authorization])).toEqual([
      ["https://gallery.example/api/chatbots/b1", "Bearer cgt_x"],
      ["https://gallery.example/api/chatbots/b1", "Bearer cgt_x"],
    ]);
  });

  it("tRPC: retries a 503 with Retry-After; `retry: false` answers it as an error", async () => {
    const page = { items: [], nextCursor: null };
    const first = fakeFetch([() => unavailable("1"), () => ok([{ result: { data: page } }])]);
    const client = createGalleryClient({ url: "https://gallery.example", token: "cgt_x" }, { fetch: first.fetch });
    expect(await settle(client.chatbots.list.query({ limit: 1 }))).toEqual(page);
    expect(first.seen).toHaveLength(2);

    const second = fakeFetch([
      () =>
        new Response(JSON.stringify([{ error: { message: "Service unavailable", code: -32603, data: {} } }]), {
          status: 503,
          headers: { "content-type": "application/json", "retry-after": "1" },
        }),
    ]);
    const once = createGalleryClient(
      { url: "https://gallery.example", token: "cgt_x" },
      { fetch: second.fetch, retry: false },
    );
    await expect(settle(once.chatbots.list.query({ limit: 1 }))).rejects.toThrow("Service unavailable");
    expect(second.seen).toHaveLength(1);
  });
});
