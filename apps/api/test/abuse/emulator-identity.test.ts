import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";

/**
 * Issue 36, "Also seen": the Auth emulator's Google chooser mints verified tokens for any address, so anyone who
 * reaches a `pnpm start` or compose instance can sign in as anyone, the super admin of SUPER_ADMIN_EMAILS included.
 * Production refuses the emulator outright; elsewhere the api listens on loopback by default and says so at start
 * when it is bound wider while the emulator decides who is who.
 */

const emulator = { FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" };

describe("the Auth emulator", () => {
  it("is refused in production, in one line naming the fix", () => {
    expect(() =>
      loadConfig({
        ...emulator,
        NODE_ENV: "production",
        SESSION_SECRET: "a-secret-of-our-own-0123456789abcdef",
        DATABASE_URL: "postgres://gallery@db.internal/gallery",
        S3_ENDPOINT: "https://s3.internal",
        S3_ACCESS_KEY: "our-access-key",
        S3_SECRET_KEY: "our-secret-key-0123456789",
      }),
    ).toThrow(
      "invalid configuration: FIREBASE_AUTH_EMULATOR_HOST is set while NODE_ENV=production; emulator tokens are unsigned, so unset it and configure real Firebase",
    );
  });

  it("listens on this machine only by default", () => {
    const config = loadConfig(emulator);
    expect(config.host).toBe("127.0.0.1");
    expect(config.warnings).toEqual([]);
  });

  it("warns at start when the api is bound wider than loopback", () => {
    for (const host of ["0.0.0.0", "::", "192.168.1.20"])
      expect(loadConfig({ ...emulator, HOST: host }).warnings).toEqual([
        `HOST=${host} with the Auth emulator: anyone who reaches this address can sign in as anyone, SUPER_ADMIN_EMAILS included; bind to 127.0.0.1 or use real Firebase (FIREBASE_SERVICE_ACCOUNT) for anything shared`,
      ]);
    // Real Firebase proves identities itself: no warning.
    expect(loadConfig({ FIREBASE_SERVICE_ACCOUNT: "{}", HOST: "0.0.0.0" }).warnings).toEqual([]);
  });
});
