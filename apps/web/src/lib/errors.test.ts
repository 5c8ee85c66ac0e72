import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import {
  failureReason,
  isNotFound,
  isUnauthorized,
  NO_CONNECTION,
  refusedFields,
  SERVER_TROUBLE,
  serverMessage,
} from "./errors";

const trpcError = (httpStatus: number, message: string, fieldErrors?: Record<string, string[]>) =>
  new TRPCClientError(message, {
    result: { error: { code: -32000, message, data: { code: "X", httpStatus, fieldErrors } } },
  });

describe("isUnauthorized", () => {
  it("is true for a tRPC error with HTTP status 401 only", () => {
    expect(isUnauthorized(trpcError(401, "Unauthorized"))).toBe(true);
    expect(isUnauthorized(trpcError(403, "Unauthorized"))).toBe(false);
    expect(isUnauthorized(new Error("401: Unauthorized"))).toBe(false);
    expect(isUnauthorized(null)).toBe(false);
  });
});

describe("isNotFound", () => {
  it("is true for 404 and 400 (a malformed id)", () => {
    expect(isNotFound(trpcError(404, "User not found"))).toBe(true);
    expect(isNotFound(trpcError(400, "Invalid user id"))).toBe(true);
    expect(isNotFound(trpcError(500, "boom"))).toBe(false);
  });
});

describe("serverMessage", () => {
  it("reads the message of a refused request, else null", () => {
    const refused = trpcError(400, "About section cannot contain web addresses or domains");
    expect(serverMessage(refused)).toBe("About section cannot contain web addresses or domains");
    expect(serverMessage(trpcError(500, "Internal server error"))).toBeNull();
    expect(serverMessage(new Error("Failed to fetch"))).toBeNull();
    expect(serverMessage("nope")).toBeNull();
  });
});

describe("failureReason", () => {
  it("says a server fault, an overload or an unreadable answer is the server's trouble", () => {
    expect(failureReason(trpcError(500, "Internal Server Error"))).toBe(SERVER_TROUBLE);
    expect(failureReason(trpcError(503, "The database is temporarily unavailable."))).toBe(SERVER_TROUBLE);
    // A proxy's HTML error page: no tRPC answer to read.
    expect(failureReason(TRPCClientError.from(new SyntaxError("Unexpected token <")))).toBe(SERVER_TROUBLE);
  });

  it("says no answer at all is a connection problem", () => {
    expect(failureReason(TRPCClientError.from(new TypeError("Failed to fetch")))).toBe(NO_CONNECTION);
  });

  it("gives a refused request's own message, and plain words for the rest", () => {
    expect(failureReason(trpcError(403, "This listing is hidden by your blocklist"))).toBe(
      "This listing is hidden by your blocklist",
    );
    expect(failureReason(trpcError(429, "Too Many Requests"))).toMatch(/wait a moment/);
    expect(failureReason(trpcError(401, "Unauthorized"))).toMatch(/signed out/);
  });
});

describe("refusedFields", () => {
  it("names the input fields of a 400 with their first message", () => {
    const refused = trpcError(400, "Each tag must be 50 characters or less", {
      tags: ["Each tag must be 50 characters or less", "At most 10 tags"],
      sort: ["sort must be one of newest, popular, trending, az, saved"],
    });
    expect(refusedFields(refused)).toEqual([
      { field: "tags", message: "Each tag must be 50 characters or less" },
      { field: "sort", message: "sort must be one of newest, popular, trending, az, saved" },
    ]);
  });

  it("names nothing for other failures", () => {
    expect(refusedFields(trpcError(400, "The text contains characters that cannot be stored"))).toEqual([]);
    expect(refusedFields(trpcError(500, "boom", { tags: ["x"] }))).toEqual([]);
    expect(refusedFields(new Error("boom"))).toEqual([]);
  });
});
