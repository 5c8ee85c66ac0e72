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

  it("fails after a few tries, not forever", async () => {
    fetchMock.mockImplementation(async () => busy("1"));
    const answer = makeTRPCClient().auth.clientConfig.query();
    const failed = expect(answer).rejects.toMatchObject({ data: { httpStatus: 503 } });
    await vi.advanceTimersByTimeAsync(10_000);
    await failed;
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it("a change is not repeated, nor a refusal other than 503", async () => {
    fetchMock.mockImplementation(async () => busy("1"));
    const logout = makeTRPCClient().auth.logout.mutate();
    const failed = expect(logout).rejects.toMatchObject({ data: { httpStatus: 503 } });
    await vi.advanceTimersByTimeAsync(5_000);
    await failed;
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
