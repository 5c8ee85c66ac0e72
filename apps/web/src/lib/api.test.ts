import { TRPCClientError } from "@trpc/client";
import { describe, expect, it, vi } from "vitest";
import { apiRequest, getJson, isUnauthorizedError, withQuery } from "./api";

function stubFetch(response: Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => response);
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

describe("apiRequest", () => {
  it("sends JSON with a content type and the cookies, and parses the answer", async () => {
    const fetchMock = stubFetch(Response.json({ ok: true }));
    await expect(apiRequest("PUT", "/api/user/nickname", { nickname: "Neo" })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/user/nickname");
    expect(init).toMatchObject({ method: "PUT", credentials: "include", body: '{"nickname":"Neo"}' });
    expect(init?.headers).toEqual({ "Content-Type": "application/json" });
  });

  it("sets no content type without a body", async () => {
    const fetchMock = stubFetch(new Response(null, { status: 204 }));
    await expect(apiRequest("POST", "/api/auth/logout")).resolves.toBeNull();
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.body).toBeUndefined();
    expect(init.headers).toBeUndefined();
    expect(init.credentials).toBe("include");
  });

  it("sends FormData as multipart (the browser sets the content type)", async () => {
    const fetchMock = stubFetch(Response.json({ id: "1" }, { status: 201 }));
    const form = new FormData();
    form.set("title", "Bot");
    await apiRequest("POST", "/api/chatbots", form);
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.body).toBe(form);
    expect(init.headers).toBeUndefined();
  });

  it("throws 'status: text' for a non-OK answer", async () => {
    stubFetch(new Response('{"message":"Nickname taken"}', { status: 409, statusText: "Conflict" }));
    await expect(apiRequest("PUT", "/api/user/nickname", { nickname: "x" })).rejects.toThrow(
      new Error('409: {"message":"Nickname taken"}'),
    );
  });

  it("uses the status text when the answer has no body", async () => {
    stubFetch(new Response("", { status: 500, statusText: "Internal Server Error" }));
    await expect(apiRequest("DELETE", "/api/chatbots/1")).rejects.toThrow(new Error("500: Internal Server Error"));
  });
});

describe("getJson", () => {
  it("adds query parameters, skipping null and undefined", async () => {
    const fetchMock = stubFetch(Response.json([]));
    await getJson("/api/chatbots", { params: { search: "elf", platform: undefined, nsfw: false, page: null } });
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/chatbots?search=elf&nsfw=false");
    expect(fetchMock.mock.calls[0]![1]).toEqual({ credentials: "include" });
  });

  it("throws on 401 by default", async () => {
    stubFetch(new Response('{"message":"Unauthorized"}', { status: 401, statusText: "Unauthorized" }));
    const error = await getJson("/api/user/chatbots").catch((caught: unknown) => caught);
    expect(error).toEqual(new Error('401: {"message":"Unauthorized"}'));
    expect(isUnauthorizedError(error)).toBe(true);
  });

  it("returns null on 401 in returnNull mode", async () => {
    stubFetch(new Response("Unauthorized", { status: 401 }));
    await expect(getJson("/api/auth/user", { on401: "returnNull" })).resolves.toBeNull();
  });

  it("still throws other errors in returnNull mode", async () => {
    stubFetch(new Response("", { status: 503, statusText: "Service Unavailable" }));
    await expect(getJson("/api/auth/user", { on401: "returnNull" })).rejects.toThrow("503: Service Unavailable");
  });
});

describe("withQuery", () => {
  it("leaves a path without parameters alone and encodes values", () => {
    expect(withQuery("/api/chatbots")).toBe("/api/chatbots");
    expect(withQuery("/api/chatbots", { search: undefined })).toBe("/api/chatbots");
    expect(withQuery("/api/chatbots", { search: "a&b c" })).toBe("/api/chatbots?search=a%26b+c");
  });
});

describe("isUnauthorizedError", () => {
  it("is true for '401: ' messages containing 'Unauthorized'", () => {
    expect(isUnauthorizedError(new Error("401: Unauthorized"))).toBe(true);
    expect(isUnauthorizedError(new Error('401: {"message":"Unauthorized"}'))).toBe(true);
  });

  it("is false for anything else", () => {
    expect(isUnauthorizedError(new Error("401: Session expired"))).toBe(false);
    expect(isUnauthorizedError(new Error("403: Unauthorized"))).toBe(false);
    expect(isUnauthorizedError(new Error("Unauthorized 401: "))).toBe(false);
    expect(isUnauthorizedError(new Error("401:Unauthorized"))).toBe(false);
    expect(isUnauthorizedError("401: Unauthorized")).toBe(false);
    expect(isUnauthorizedError(null)).toBe(false);
  });

  it("recognises a tRPC client error with HTTP status 401", () => {
    const unauthorized = new TRPCClientError("Unauthorized", {
      result: { error: { code: -32001, message: "Unauthorized", data: { code: "UNAUTHORIZED", httpStatus: 401 } } },
    });
    const forbidden = new TRPCClientError("Forbidden", {
      result: { error: { code: -32003, message: "Forbidden", data: { code: "FORBIDDEN", httpStatus: 403 } } },
    });
    expect(isUnauthorizedError(unauthorized)).toBe(true);
    expect(isUnauthorizedError(forbidden)).toBe(false);
  });
});
