// The API tokens' pure rules one by one (issue 41, against the mutation run's mutants): which scope a call needs,
// which Authorization header carries a token, which strings can be a token at all. The database side (create,
// revoke, expiry, suspension, last use) is tested through the app in test/api-tokens.test.ts and token-scopes.

import { API_TOKEN_MESSAGES } from "@gallery/schema";
import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { thrownBy } from "../../../test/support/thrown.js";
import type { Db } from "../deps.js";
import { ForbiddenError, InvalidApiTokenError } from "../errors.js";
import type { Member } from "../policy.js";
import { type ApiTokenGrant, bearerTokenOf, requireTokenScope, resolveApiToken } from "./api-tokens.js";

const grant = (scope: ApiTokenGrant["scope"]): ApiTokenGrant => ({ id: "abc", scope, viewer: {} as Member });

describe("requireTokenScope", () => {
  it("lets a session (no token) make any call", () => {
    for (const required of ["read", "write", "admin", "session"] as const) {
      expect(() => requireTokenScope(null, required)).not.toThrow();
    }
  });

  it("refuses every token the calls that manage tokens, whatever its scope", () => {
    for (const scope of ["read", "write", "admin"] as const) {
      const error = thrownBy(() => requireTokenScope(grant(scope), "session"));
      expect(error).toBeInstanceOf(ForbiddenError);
      expect((error as Error).message).toBe(API_TOKEN_MESSAGES.tokensRefused);
    }
  });

  it("ranks read < write < admin: a token makes the calls of its scope and those below", () => {
    const allowed = { read: ["read"], write: ["read", "write"], admin: ["read", "write", "admin"] } as const;
    for (const scope of ["read", "write", "admin"] as const) {
      for (const required of ["read", "write", "admin"] as const) {
        const error = thrownBy(() => requireTokenScope(grant(scope), required));
        if ((allowed[scope] as readonly string[]).includes(required))
          expect(error, `${scope} → ${required}`).toBeNull();
        else {
          expect(error, `${scope} → ${required}`).toBeInstanceOf(ForbiddenError);
          expect((error as Error).message).toBe(API_TOKEN_MESSAGES.scopeRefused);
        }
      }
    }
  });
});

describe("bearerTokenOf", () => {
  it("is undefined without the header (no credentials)", () => {
    expect(bearerTokenOf(undefined)).toBeUndefined();
  });

  it("takes the token of `Bearer <token>`, the scheme in any case", () => {
    expect(bearerTokenOf("Bearer cgt_abc_def")).toBe("cgt_abc_def");
    expect(bearerTokenOf("bearer cgt_abc_def")).toBe("cgt_abc_def");
    expect(bearerTokenOf("BEARER cgt_abc_def")).toBe("cgt_abc_def");
  });

  it('makes anything else a credential that is no one\'s (""), never no credentials', () => {
    for (const header of [
      "",
      "Bearer",
      "Bearer ",
      "Bearer  cgt_abc",
      "Bearer\tcgt_abc",
      "Bearer cgt abc",
      "Bearer cgt_abc ",
      " Bearer cgt_abc",
      "Basic dXNlcjpwYXNz",
      "Token cgt_abc",
      "xBearer cgt_abc",
    ]) {
      expect(bearerTokenOf(header), JSON.stringify(header)).toBe("");
    }
  });
});

describe("resolveApiToken", () => {
  // A string that cannot be a token is refused before the database is asked.
  const unreachable = new Proxy({} as Kysely<never>, {
    get() {
      throw new Error("the database was asked");
    },
  }) as unknown as Db;
  const secret = "A".repeat(43);

  it("refuses what is not cgt_<12 letters or digits>_<43 base64url> with the one message", async () => {
    for (const token of [
      "",
      `cgt_abcdefABCD12_${secret}x`,
      `cgt_abcdefABCD1_${secret}`,
      `cgt_abcdefABCD123_${secret}`,
      `cgt_abcdefABCD1-_${secret}`,
      `cgt_abcdefABCD12_${"A".repeat(42)}`,
      `cgt_abcdefABCD12_${"A".repeat(42)}=`,
      `xcgt_abcdefABCD12_${secret}`,
      `cgu_abcdefABCD12_${secret}`,
      `cgt_abcdefABCD12-${secret}`,
    ]) {
      const refused = await resolveApiToken(unreachable, token).catch((error: unknown) => error);
      expect(refused, token).toBeInstanceOf(InvalidApiTokenError);
      expect((refused as Error).message).toBe(API_TOKEN_MESSAGES.invalidToken);
    }
  });

  it("asks the database about a well-formed token (secrets may hold - and _)", async () => {
    for (const token of [`cgt_abcdefABCD12_${secret}`, `cgt_0123456789az_${"-_".repeat(21)}A`]) {
      await expect(resolveApiToken(unreachable, token), token).rejects.toThrow("the database was asked");
    }
  });
});
