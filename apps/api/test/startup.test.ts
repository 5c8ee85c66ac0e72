import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { EMULATOR_HOST } from "./support/app.js";

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
