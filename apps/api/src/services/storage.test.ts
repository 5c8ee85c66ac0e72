import { mkdtemp, readdir, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createObjectStorage, type ObjectStorage, ObjectStorageUnavailableError } from "./storage.js";

async function readAll(stream: NodeJS.ReadableStream | undefined) {
  if (!stream) throw new Error("no stream");
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** A port nothing listens on: bound, read, released. */
async function closedPort() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("embedded object storage", () => {
  let dataDir: string;
  let storage: ObjectStorage;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "storage-test-"));
    storage = await createObjectStorage({ bucket: "test-bucket", dataDir });
  });

  afterAll(async () => {
    await storage?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("starts the embedded server with its files under dataDir/s3", async () => {
    expect(storage.kind).toBe("embedded");
    expect(storage.bucket).toBe("test-bucket");
    await storage.ping();
    expect(await readdir(path.join(dataDir, "s3"))).toContain("test-bucket");
  });

  it("puts and gets an object with its size, type and etag", async () => {
    const body = Buffer.from("hello object storage");
    await storage.put("images/a.txt", body, "text/plain");
    const object = await storage.get("images/a.txt");
    expect(object).not.toBeNull();
    expect(object?.size).toBe(body.length);
    expect(object?.contentType).toBe("text/plain");
    expect(object?.etag).toMatch(/^[0-9a-f]{32}$/);
    expect(await readAll(object?.stream)).toEqual(body);
  });

  it("keeps binary content intact", async () => {
    const body = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7) % 256));
    await storage.put("images/b.bin", body, "image/webp");
    const object = await storage.get("images/b.bin");
    expect(object?.contentType).toBe("image/webp");
    expect(await readAll(object?.stream)).toEqual(body);
  });

  it("answers null and false for a missing key", async () => {
    expect(await storage.get("nope/missing.png")).toBeNull();
    expect(await storage.exists("nope/missing.png")).toBe(false);
    expect(await storage.exists("images/a.txt")).toBe(true);
  });

  it("lists keys under a prefix, recursively", async () => {
    await storage.put("list/1/x.png", Buffer.from("1"), "image/png");
    await storage.put("list/2/y.png", Buffer.from("2"), "image/png");
    await storage.put("other/z.png", Buffer.from("3"), "image/png");
    const keys: string[] = [];
    for await (const key of storage.list("list/")) keys.push(key);
    expect(keys.sort()).toEqual(["list/1/x.png", "list/2/y.png"]);
  });

  it("removes several keys at once and ignores missing ones", async () => {
    await storage.remove(["list/1/x.png", "list/2/y.png", "list/never-existed.png"]);
    expect(await storage.exists("list/1/x.png")).toBe(false);
    expect(await storage.exists("list/2/y.png")).toBe(false);
    expect(await storage.exists("other/z.png")).toBe(true);
    await storage.remove([]);
  });

  it("keeps objects across a restart on the same dataDir", async () => {
    const second = await createObjectStorage({ bucket: "test-bucket", dataDir });
    try {
      expect(await second.exists("images/a.txt")).toBe(true);
    } finally {
      await second.close();
    }
  });
});

describe("start-up errors", () => {
  it("names S3_ENDPOINT when the endpoint cannot be reached", async () => {
    const endpoint = `http://127.0.0.1:${await closedPort()}`;
    const attempt = createObjectStorage({
      endpoint,
      accessKey: "key",
      secretKey: "secret",
      bucket: "test-bucket",
      dataDir: os.tmpdir(),
    });
    await expect(attempt).rejects.toThrow(ObjectStorageUnavailableError);
    await expect(attempt).rejects.toThrow(
      `cannot reach object storage at ${endpoint} (ECONNREFUSED): check S3_ENDPOINT`,
    );
  });

  describe("against a separate S3 server", () => {
    let dataDir: string;
    let server: { run(): Promise<net.AddressInfo>; close(): Promise<void> };
    let endpoint: string;

    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(os.tmpdir(), "storage-test-"));
      const S3rver = createRequire(import.meta.url)("@20minutes/s3rver");
      server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: dataDir, vhostBuckets: false });
      endpoint = `http://127.0.0.1:${(await server.run()).port}`;
    });

    afterAll(async () => {
      await server?.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    it("uses S3_ENDPOINT with the right keys and creates the bucket", async () => {
      const remote = await createObjectStorage({
        endpoint,
        accessKey: "S3RVER",
        secretKey: "S3RVER",
        bucket: "remote-bucket",
        dataDir,
      });
      try {
        expect(remote.kind).toBe("s3");
        await remote.put("k", Buffer.from("v"), "text/plain");
        expect(await remote.exists("k")).toBe(true);
      } finally {
        await remote.close();
      }
    });

    it("tries an operation once more when the server resets a connection as it is used", async () => {
      // A proxy in front of the S3 server that, once armed, resets the connection the next request arrives on, as a
      // server closing an idle keep-alive connection just as the client reuses it does.
      const target = new URL(endpoint);
      const clients = new Set<net.Socket>();
      let armed = false;
      let connections = 0;
      const proxy = net.createServer((client) => {
        connections++;
        clients.add(client);
        client.on("close", () => clients.delete(client));
        const upstream = net.connect(Number(target.port), target.hostname);
        client.on("data", (chunk) => {
          if (!armed) return upstream.write(chunk);
          armed = false;
          client.resetAndDestroy();
          upstream.destroy();
        });
        upstream.pipe(client);
        client.on("error", () => upstream.destroy());
        upstream.on("error", () => client.destroy());
      });
      await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
      const remote = await createObjectStorage({
        endpoint: `http://127.0.0.1:${(proxy.address() as net.AddressInfo).port}`,
        accessKey: "S3RVER",
        secretKey: "S3RVER",
        bucket: "remote-bucket",
        dataDir,
      });
      try {
        await remote.put("reset", Buffer.from("kept"), "text/plain");
        const before = connections;
        armed = true;
        expect(await readAll((await remote.get("reset"))?.stream)).toEqual(Buffer.from("kept"));
        // The kept-alive connection was reset under the request, which was sent again on a fresh one.
        expect(armed).toBe(false);
        expect(connections - before).toBe(1);
      } finally {
        await remote.close();
        for (const client of clients) client.destroy();
        await new Promise((resolve) => proxy.close(resolve));
      }
    });

    it("names the credential variables when the server refuses the keys", async () => {
      await expect(
        createObjectStorage({ endpoint, accessKey: "wrong", secretKey: "wrong", bucket: "remote-bucket", dataDir }),
      ).rejects.toThrow(
        `object storage at ${endpoint} refused the credentials (AccessDenied): check S3_ACCESS_KEY and S3_SECRET_KEY`,
      );
    });
  });

  it("asks for credentials when only the endpoint is set", async () => {
    await expect(
      createObjectStorage({ endpoint: "http://127.0.0.1:9", bucket: "test-bucket", dataDir: os.tmpdir() }),
    ).rejects.toThrow("set S3_ACCESS_KEY and S3_SECRET_KEY");
  });
});
