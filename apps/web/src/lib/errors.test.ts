import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { isNotFound, isUnauthorized, serverMessage } from "./errors";

const trpcError = (httpStatus: number, message: string) =>
  new TRPCClientError(message, {
    result: { error: { code: -32000, message, data: { code: "X", httpStatus } } },
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
