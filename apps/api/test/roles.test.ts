import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { type createTestApp, DATABASE_SERVER_URL, type TestApp } from "./support/app.js";
import { createAccount, signInWithToken, signUp, verifyEmail } from "./support/auth.js";
import { test } from "./support/fixtures.js";

const run = promisify(execFile);
const API_DIR = path.resolve(import.meta.dirname, "..");

/** Unique per run: the emulator keeps accounts between runs on a developer's machine. */
const BOSS = `Boss-${Date.now()}@Example.com`;

test.override("appEnv", { SUPER_ADMIN_EMAILS: `${BOSS}, other@example.com` });
let harness: Awaited<ReturnType<typeof createTestApp>>;
let app: TestApp;
test.beforeAll(async ({ harness: fileHarness }) => {
  harness = fileHarness;
  app = harness.app;
});

describe("SUPER_ADMIN_EMAILS", () => {
  it("makes a verified user with a listed e-mail a super admin", async () => {
    const account = await createAccount(`x-${BOSS.toLowerCase()}`);
    // Not listed (the address differs), so an ordinary user.
    expect((await signInWithToken(app, account.idToken)).user.isSuperAdmin).toBe(false);

    const listed = await createAccount(BOSS.toLowerCase());
    const unverified = await signInWithToken(app, listed.idToken);
    expect(unverified.user.isSuperAdmin).toBe(false);
    const verified = await verifyEmail(listed);
    const { user } = await signInWithToken(app, verified.idToken);
    expect(user).toMatchObject({ isSuperAdmin: true, isAdmin: true, isApproved: true });
  });
});

describe.runIf(DATABASE_SERVER_URL)("pnpm roles", () => {
  const cli = async (...args: string[]) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "gallery-roles-"));
    try {
      const { stdout } = await run(process.execPath, ["--import", "tsx", "src/cli/roles.ts", ...args], {
        cwd: API_DIR,
        env: { PATH: process.env.PATH, DATABASE_URL: harness.config.databaseUrl, DATA_DIR: dataDir },
      });
      return { code: 0, out: stdout.trim() };
    } catch (error) {
      const failed = error as { code: number; stderr: string };
      return { code: failed.code, out: failed.stderr.trim() };
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  };
  const roleOf = (id: string) =>
    app.database.db
      .selectFrom("users")
      .select(["isAdmin", "isSuperAdmin"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();

  it("grants and revokes admin and super admin by e-mail", async () => {
    const { user, account } = await signUp(app);
    expect((await cli("grant", "admin", account.email.toUpperCase())).code).toBe(0);
    expect(await roleOf(user.id)).toEqual({ isAdmin: true, isSuperAdmin: false });
    expect((await cli("grant", "super-admin", account.email)).code).toBe(0);
    expect(await roleOf(user.id)).toEqual({ isAdmin: true, isSuperAdmin: true });
    expect((await cli("revoke", "super-admin", account.email)).code).toBe(0);
    expect(await roleOf(user.id)).toEqual({ isAdmin: true, isSuperAdmin: false });
    expect((await cli("revoke", "admin", account.email)).code).toBe(0);
    expect(await roleOf(user.id)).toEqual({ isAdmin: false, isSuperAdmin: false });
  }, 60_000);

  it("says what is wrong with bad arguments or an unknown e-mail", async () => {
    const usage = await cli("promote", "admin", "x@example.com");
    expect(usage).toEqual({ code: 1, out: "roles: usage: pnpm roles <grant|revoke> <admin|super-admin> <email>" });
    const unknown = await cli("grant", "admin", "nobody@example.com");
    expect(unknown).toEqual({
      code: 1,
      out: "roles: no user with e-mail nobody@example.com (they must sign in once first)",
    });
  }, 60_000);
});
