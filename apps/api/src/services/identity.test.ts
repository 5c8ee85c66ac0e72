import { describe, expect, it } from "vitest";
import { IdentityUnavailableError, InvalidTokenError, tokenCheckFailure } from "./identity.js";
import { unavailableMessage, unavailablePart } from "./unavailable.js";

/** Firebase Admin's errors carry a code: `auth/...` for the token or account, `app/...` for the SDK itself. */
const firebaseError = (code: string, message = code) => Object.assign(new Error(message), { code });

describe("a failed ID token check", () => {
  it.each(["auth/argument-error", "auth/id-token-expired", "auth/id-token-revoked", "auth/user-disabled"])(
    "is the token's fault for Firebase's token and account code %s: the caller is unauthorized",
    (code) => {
      expect(tokenCheckFailure(firebaseError(code))).toBeInstanceOf(InvalidTokenError);
    },
  );

  it("is the provider's when it cannot be reached: 503 'The sign-in service is temporarily unavailable'", () => {
    const unreachable = firebaseError(
      "app/network-error",
      "Error while making request: connect ECONNREFUSED 127.0.0.1:9099. Error code: ECONNREFUSED",
    );
    for (const error of [unreachable, firebaseError("auth/internal-error"), new Error("socket hang up")]) {
      const failure = tokenCheckFailure(error);
      expect(failure).toBeInstanceOf(IdentityUnavailableError);
      expect(unavailablePart(failure)).toBe("sign-in service");
    }
    expect(unavailableMessage("sign-in service")).toBe(
      "The sign-in service is temporarily unavailable. Please try again shortly.",
    );
  });
});
