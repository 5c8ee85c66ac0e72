import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeTRPCClient } from "./trpc";

/** tRPC's answers as the server sends them (a batch: one entry per call). */
const busy = (retryAfter?: string) =>
  new Response(
    JSON.stringify([
      {
        error: {
          message: "The server is temporarily unavailable. Please try again shortly.",
          code: -32603,
          data: { code: "SERVICE_UNAVAILABLE", httpStatus: 503 },
        },
      },
    ]),
    {
      status: 503,
      headers: { "content-type": "application/json", ...(retryAfter ? { "retry-after": retryAfter } : {}) },
    },
  );
const config = () =>
  new Response(JSON.stringify([{ result: { data: { firebase: { apiKey: "k" }, authEmulatorUrl: null } } }]), {
    status: 200,
    headers: { "content-type": "application/json" },
  });

describe("a read a busy server refused (503)", () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.useFakeTimers();
    fetchMock.mockReset();
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("is asked again after its Retry-After, and answers then", async () => {
    fetchMock.mockResolvedValueOnce(busy("2")).mockResolvedValueOnce(config());
    const answer = makeTRPCClient().auth.clientConfig.query();
    await vi.advanceTimersByTimeAsync(1_900);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(200);
    await expect(answer).resolves.toMatchObject({ firebase: { apiKey: "k" } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // Asked alone (never batched with a read the server may shed).
    expect(String(fetchMock.mock.calls[0]?.[0])).toMatch(/\/trpc\/auth\.clientConfig\?/);
  });

  /** A call to a server that is always busy: it fails with the 503 within `ms`; how many requests it made. */
  async function requestsUntilRefused(call: () => Promise<unknown>, ms: number) {
    fetchMock.mockImplementation(async () => busy("1"));
    const failed = expect(call()).rejects.toMatchObject({ data: { httpStatus: 503 } });
    await vi.advanceTimersByTimeAsync(ms);
    await failed;
    return fetchMock.mock.calls.length;
  }

  it("fails after a few tries, not forever", async () => {
    expect(await requestsUntilRefused(() => makeTRPCClient().auth.clientConfig.query(), 10_000)).toBe(4);
  });

  it("a change is not repeated, nor a refusal other than 503", async () => {
    expect(await requestsUntilRefused(() => makeTRPCClient().auth.logout.mutate(), 5_000)).toBe(1);
  });
});
