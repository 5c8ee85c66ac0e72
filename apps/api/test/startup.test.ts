import { execFile } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { EMULATOR_HOST } from "./support/app.js";
import { startServerProcess } from "./support/server.js";

const run = promisify(execFile);
const server = path.resolve(import.meta.dirname, "../src/server.ts");
const tsx = path.resolve(import.meta.dirname, "../node_modules/.bin/tsx");

/** Starts the real server entry with some bad setting; returns its exit code and stderr. */
async function start(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "gallery-start-"));
  try {
    await run(tsx, [server], {
      env: {
        PATH: process.env.PATH,
        DATA_DIR: dataDir,
        FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
        SEED_DEMO: "false",
        PORT: "0",
        LOG_LEVEL: "silent",
        ...env,
      },
      timeout: 60_000,
    });
    return { code: 0, stderr: "" };
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    return { code: failed.code, stderr: failed.stderr.trim() };
  }
}

describe("start-up with bad configuration ends with one clear line", () => {
  it("names an invalid variable", async () => {
    const result = await start({ PORT: "not-a-port" });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^chatbot-gallery: cannot start: invalid configuration: PORT/);
    expect(result.stderr.split("\n")).toHaveLength(1);
  });

  it("refuses emulator tokens in production", async () => {
    const result = await start({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(40) });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("FIREBASE_AUTH_EMULATOR_HOST is set while NODE_ENV=production");
  });

  it("refuses the embedded database and object storage in production, naming what to set", async () => {
    const result = await start({
      NODE_ENV: "production",
      SESSION_SECRET: "x".repeat(40),
      FIREBASE_AUTH_EMULATOR_HOST: "",
      FIREBASE_SERVICE_ACCOUNT: "{}",
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      "chatbot-gallery: cannot start: invalid configuration: NODE_ENV=production needs DATABASE_URL (PostgreSQL) and S3_ENDPOINT, S3_ACCESS_KEY and S3_SECRET_KEY (object storage); the embedded ones are for development (ALLOW_EMBEDDED_IN_PRODUCTION=true runs on them anyway)",
    );
  });

  it("says the database cannot be reached", async () => {
    const result = await start({ DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^chatbot-gallery: cannot start: cannot reach the database/);
    expect(result.stderr.split("\n")).toHaveLength(1);
  });

  it("says object storage cannot be reached", async () => {
    const result = await start({ S3_ENDPOINT: "http://127.0.0.1:1", S3_ACCESS_KEY: "a", S3_SECRET_KEY: "b" });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^chatbot-gallery: cannot start: .*S3_ENDPOINT/);
    expect(result.stderr.split("\n")).toHaveLength(1);
  });

  it("says the port is taken", async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const result = await start({ PORT: String(port) });
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        `chatbot-gallery: cannot start: port ${port} is already in use: stop the other process or set PORT`,
      );
    } finally {
      blocker.close();
    }
  });
});

/** A service account firebase-admin accepts at start-up (its key is only used to call Google, which no test does). */
function fakeServiceAccount() {
  const { privateKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  });
  return JSON.stringify({
    type: "service_account",
    project_id: "gallery-startup-test",
    private_key: privateKey,
    client_email: "server@gallery-startup-test.iam.gserviceaccount.com",
  });
}

describe("a production start on the embedded parts, explicitly allowed", () => {
  it("starts, seeds no demo gallery even when SEED_DEMO asks, and warns about SEED_DEMO and PUBLIC_URL", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "gallery-start-"));
    const server = await startServerProcess({
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      DATA_DIR: dataDir,
      SESSION_SECRET: "x".repeat(40),
      FIREBASE_SERVICE_ACCOUNT: fakeServiceAccount(),
      ALLOW_EMBEDDED_IN_PRODUCTION: "true",
      SEED_DEMO: "true",
    });
    try {
      const gallery = await fetch(`${server.url}/api/chatbots`);
      expect(gallery.status).toBe(200);
      expect(await gallery.json()).toEqual([]);
      // Logs are JSON lines when they go to a pipe.
      const warnings = server
        .output()
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as { level: number; msg: string })
        .filter((entry) => entry.level === 40)
        .map((entry) => entry.msg);
      expect(warnings).toEqual(
        expect.arrayContaining([
          "SEED_DEMO is ignored with NODE_ENV=production: the demo gallery is never seeded there",
          expect.stringMatching(/^PUBLIC_URL is not set: .*set PUBLIC_URL to the site's address$/),
        ]),
      );
    } finally {
      server.kill();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
