import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error: a JavaScript helper shared with scripts/test.mjs
import { startThrowawayPostgres } from "../../../scripts/lib/postgres.mjs";
import { sweepOrphanImages } from "../src/domain/images/orphans.js";
import { createObjectStorage } from "../src/services/storage.js";
import { createTestApp, EMULATOR_HOST } from "./support/app.js";
import { createAccount, signUp } from "./support/auth.js";
import { createListing } from "./support/chatbots.js";
import { multipart, pngImage } from "./support/images.js";
import { sendForm } from "./support/requests.js";
import { testPort } from "./support/server.js";

interface Cluster {
  url: string;
  pause(): Promise<void>;
  resume(): Promise<void>;
  stop(): Promise<void>;
}

/** An S3 server of our own that a test can stop and start again on the same port. */
async function startS3(directory: string, port = 0) {
  const S3rver = createRequire(import.meta.url)("@20minutes/s3rver");
  const server = new S3rver({ address: "127.0.0.1", port, silent: true, directory, vhostBuckets: false });
  const address = (await server.run()) as AddressInfo;
  return { port: address.port, close: () => server.close() as Promise<void> };
}

let cluster: Cluster | null;
beforeAll(async () => {
  cluster = await startThrowawayPostgres();
}, 60_000);
afterAll(async () => {
  await cluster?.stop();
});

describe.runIf(() => cluster)("faults", () => {
  it("answers 503 while the database is down and recovers without a restart", async () => {
    const harness = await createTestApp({ DATABASE_URL: cluster!.url });
    const { app } = harness;
    try {
      const { cookie } = await signUp(app);
      await createListing(app, cookie, { title: "Before the outage" });

      await cluster!.pause();
      const list = await app.inject({ method: "GET", url: "/api/chatbots" });
      expect(list.statusCode).toBe(503);
      expect(list.json().message).toBe("The database is temporarily unavailable. Please try again shortly.");
      expect(list.headers["retry-after"]).toBe("5");
      const health = await app.inject({ method: "GET", url: "/api/health" });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ database: "down", storage: "ok" });
      const trpc = await app.inject({ method: "GET", url: "/trpc/chatbots.count?input=%7B%7D", headers: { cookie } });
      expect(trpc.statusCode).toBe(503);
      expect(trpc.headers["retry-after"]).toBe("5");
      const create = await app.inject({
        method: "POST",
        url: "/api/chatbots",
        headers: { cookie, ...multipart({ title: "During" }).headers },
        payload: multipart({ title: "During" }).payload,
      });
      expect(create.statusCode).toBe(503);

      await cluster!.resume();
      let status = 0;
      for (let attempt = 0; attempt < 20 && status !== 200; attempt++) {
        status = (await app.inject({ method: "GET", url: "/api/chatbots", headers: { cookie } })).statusCode;
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(status).toBe(200);
      // The session survived: it lives in the database, not in the process.
      const me = await app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
      expect(me.statusCode).toBe(200);
      const titles = (await app.inject({ method: "GET", url: "/api/user/chatbots", headers: { cookie } })).json();
      expect(titles.map((c: { title: string }) => c.title)).toEqual(["Before the outage"]);
    } finally {
      await harness.close();
    }
  });

  it("answers 503 while object storage is unreachable, stores no listing, and recovers", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "gallery-s3-"));
    let s3 = await startS3(dir);
    const port = s3.port;
    const harness = await createTestApp({
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY: "S3RVER",
      S3_SECRET_KEY: "S3RVER",
    });
    const { app } = harness;
    try {
      const { cookie } = await signUp(app);
      await s3.close();
      const body = multipart(
        { title: "No storage" },
        { name: "image", filename: "a.png", type: "image/png", data: await pngImage() },
      );
      const response = await sendForm(app, "POST", "/api/chatbots", body, cookie);
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toBe("The object storage is temporarily unavailable. Please try again shortly.");
      const rows = await app.database.db.selectFrom("chatbots").select("id").execute();
      expect(rows).toEqual([]);
      expect((await app.inject({ method: "GET", url: "/api/health" })).json()).toMatchObject({ storage: "down" });

      s3 = await startS3(dir, port);
      const created = await createListing(app, cookie, { title: "Storage is back" });
      expect((await app.inject({ method: "GET", url: created.imageUrl! })).statusCode).toBe(200);
    } finally {
      await harness.close();
      await s3.close().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("leaves no listing without its image and no image without its listing when killed during creates", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "gallery-kill-"));
    const s3 = await startS3(path.join(dataDir, "s3"));
    const env = {
      PATH: process.env.PATH,
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      DATA_DIR: dataDir,
      DATABASE_URL: cluster!.url,
      S3_ENDPOINT: `http://127.0.0.1:${s3.port}`,
      S3_ACCESS_KEY: "S3RVER",
      S3_SECRET_KEY: "S3RVER",
      S3_BUCKET: "kill-test",
      FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST!,
      SEED_DEMO: "false",
      RATE_LIMIT_WRITES: "100000",
      RATE_LIMIT_SIGNIN: "100000",
      ORPHAN_GRACE_MINUTES: "0",
      // Forty uploads at once take their turns (four at a time): none is refused for waiting on a busy machine.
      OVERLOAD_DATABASE_WAIT_MS: "60000",
    };
    const start = async (port: number) => {
      // node itself (not the tsx wrapper, which would survive as a parent) so SIGKILL hits the server.
      const child = spawn(
        process.execPath,
        ["--import", "tsx", path.resolve(import.meta.dirname, "../src/server.ts")],
        {
          cwd: path.resolve(import.meta.dirname, ".."),
          env: { ...env, PORT: String(port) },
          stdio: ["ignore", "ignore", "pipe"],
        },
      );
      // What it said, for the error below (a start that fails says why on stderr).
      let stderr = "";
      child.stderr?.on("data", (chunk) => {
        stderr = (stderr + chunk).slice(-2000);
      });
      // Up to a minute: tsx compiles the server on the way up, slow on a busy 2-core machine.
      for (let attempt = 0; attempt < 240 && child.exitCode === null; attempt++) {
        const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) return child;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      child.kill("SIGKILL");
      throw new Error(`server did not start (exit code ${child.exitCode}): ${stderr}`);
    };
    const port = testPort();
    let child: ChildProcess = await start(port);
    try {
      const account = await createAccount();
      const verify = await fetch(`http://127.0.0.1:${port}/api/auth/verify`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ idToken: account.idToken }),
      });
      const cookie = verify.headers.get("set-cookie")!.split(";")[0]!;
      // Distinct images so every create stores new objects.
      const images = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          pngImage(900 + i, 1800, `#${(i * 40503).toString(16).padStart(6, "0").slice(0, 6)}`),
        ),
      );
      const committed: string[] = [];
      const creates = images.map(async (image, i) => {
        const form = new FormData();
        form.set("title", `Race ${i}`);
        form.set("image", new Blob([image], { type: "image/png" }), "race.png");
        try {
          const response = await fetch(`http://127.0.0.1:${port}/api/chatbots`, {
            method: "POST",
            headers: { cookie },
            body: form,
          });
          if (response.status === 201) {
            committed.push(((await response.json()) as { id: string }).id);
            // Kill the process mid-flight: a few creates are done, the rest are somewhere in between.
            if (committed.length === 5) child.kill("SIGKILL");
          }
        } catch {
          // The connection died with the process.
        }
      });
      await Promise.all(creates);
      expect(committed.length).toBeGreaterThanOrEqual(5);
      expect(committed.length).toBeLessThan(images.length);

      // Restarting sweeps orphans (grace 0 here); then every row has its objects and every object its row.
      child = await start(port);
      const storage = await createObjectStorage({
        endpoint: `http://127.0.0.1:${s3.port}`,
        accessKey: "S3RVER",
        secretKey: "S3RVER",
        bucket: "kill-test",
        dataDir,
      });
      const harness = await createTestApp({ DATABASE_URL: cluster!.url });
      try {
        const db = harness.app.database.db;
        await sweepOrphanImages(db, storage, 0);
        const rows = await db
          .selectFrom("chatbots")
          .select(["id", "imageKey", "thumbnailKey"])
          .where("title", "like", "Race %")
          .execute();
        for (const id of committed) expect(rows.map((r) => r.id)).toContain(id);
        const keys = new Set<string>();
        for await (const key of storage.list("")) keys.add(key);
        for (const row of rows) {
          expect(keys.has(row.imageKey!)).toBe(true);
          expect(keys.has(row.thumbnailKey!)).toBe(true);
        }
        const referenced = new Set(rows.flatMap((r) => [r.imageKey, r.thumbnailKey]));
        for (const key of keys) expect(referenced.has(key), key).toBe(true);
      } finally {
        await harness.close();
        await storage.close();
      }
    } finally {
      child.kill("SIGKILL");
      await s3.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
