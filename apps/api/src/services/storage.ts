import { mkdir } from "node:fs/promises";
import http from "node:http";
import https from "node:https";
import nodeModule from "node:module";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Readable } from "node:stream";
import { Client } from "minio";

/** The object storage the app uses: one bucket on an S3 server (real, MinIO, or the embedded one). */
export interface ObjectStorage {
  bucket: string;
  /** "s3": the server at S3_ENDPOINT; "embedded": a local S3 server started in this process. */
  kind: "s3" | "embedded";
  /** Stores a whole object (always a Buffer: the embedded server has no streaming multipart upload). */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object's content and metadata, or null when there is no such key. */
  get(key: string): Promise<{ stream: NodeJS.ReadableStream; size: number; contentType: string; etag: string } | null>;
  exists(key: string): Promise<boolean>;
  /** The object's size in bytes (a HEAD request, no content read), or null when there is no such key. */
  size(key: string): Promise<number | null>;
  /** Deletes the keys; keys that do not exist are ignored. */
  remove(keys: string[]): Promise<void>;
  /** Every key that starts with prefix (recursive). */
  list(prefix: string): AsyncIterable<string>;
  /** Like list, with each object's last-modified time. */
  listWithDates(prefix: string): AsyncIterable<{ key: string; lastModified: Date }>;
  /** Resolves when the bucket answers; used by the health check. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface ObjectStorageOptions {
  /** S3 server, e.g. http://minio:9000; unset starts the embedded server with its files under dataDir/s3. */
  endpoint?: string | undefined;
  accessKey?: string | undefined;
  secretKey?: string | undefined;
  bucket: string;
  region?: string | undefined;
  dataDir: string;
  /** How long start-up waits for the server to answer (default 10 s). */
  connectTimeoutMs?: number;
}

/** Start-up failed: the message says which setting to fix. */
export class ObjectStorageUnavailableError extends Error {}

// Credentials of the embedded server's single built-in account (it only listens on 127.0.0.1).
const EMBEDDED_KEY = "S3RVER";

/**
 * Connects to the configured S3 server, or starts the embedded one, and makes sure the bucket
 * exists. Both go through the same minio client code.
 */
export async function createObjectStorage(options: ObjectStorageOptions): Promise<ObjectStorage> {
  const region = options.region || "us-east-1";
  const timeoutMs = options.connectTimeoutMs ?? 10_000;
  let endpoint: URL;
  let accessKey: string;
  let secretKey: string;
  let stopServer = async () => {};
  let kind: ObjectStorage["kind"];

  if (options.endpoint) {
    kind = "s3";
    try {
      endpoint = new URL(options.endpoint);
    } catch {
      throw new ObjectStorageUnavailableError(
        `object storage endpoint ${JSON.stringify(options.endpoint)} is not a URL: check S3_ENDPOINT (e.g. http://minio:9000)`,
      );
    }
    if (!options.accessKey || !options.secretKey) {
      throw new ObjectStorageUnavailableError(
        "object storage needs credentials: set S3_ACCESS_KEY and S3_SECRET_KEY (S3_ENDPOINT is set)",
      );
    }
    accessKey = options.accessKey;
    secretKey = options.secretKey;
  } else {
    kind = "embedded";
    const embedded = await startEmbeddedServer(path.resolve(options.dataDir, "s3"));
    endpoint = new URL(`http://127.0.0.1:${embedded.port}`);
    accessKey = EMBEDDED_KEY;
    secretKey = EMBEDDED_KEY;
    stopServer = embedded.stop;
  }

  const useSSL = endpoint.protocol === "https:";
  const agent = useSSL ? new https.Agent({ keepAlive: true }) : new http.Agent({ keepAlive: true });
  const client = new Client({
    endPoint: endpoint.hostname.replace(/^\[(.*)\]$/, "$1"),
    port: endpoint.port ? Number(endpoint.port) : useSSL ? 443 : 80,
    useSSL,
    accessKey,
    secretKey,
    region,
    pathStyle: true,
    transportAgent: agent,
    retryOptions: { disableRetry: true },
  });
  const bucket = options.bucket;
  const where = kind === "s3" ? endpoint.origin : `the embedded server (${endpoint.origin})`;

  try {
    await withTimeout(ensureBucket(client, bucket, region), timeoutMs);
  } catch (error) {
    agent.destroy();
    await stopServer();
    throw new ObjectStorageUnavailableError(explainStartupError(error, where, bucket), { cause: error });
  }

  const storage: ObjectStorage = {
    bucket,
    kind,
    async put(key, body, contentType) {
      if (!Buffer.isBuffer(body)) throw new TypeError("ObjectStorage.put needs a Buffer");
      await client.putObject(bucket, key, body, body.length, { "Content-Type": contentType });
    },
    async get(key) {
      let response: http.IncomingMessage;
      try {
        response = (await client.getObject(bucket, key)) as http.IncomingMessage;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      const headers = response.headers;
      return {
        stream: response as Readable,
        size: Number(headers["content-length"] ?? 0),
        contentType: headers["content-type"] ?? "application/octet-stream",
        etag: (headers.etag ?? "").replace(/^"|"$/g, ""),
      };
    },
    async exists(key) {
      try {
        await client.statObject(bucket, key);
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async size(key) {
      try {
        return (await client.statObject(bucket, key)).size;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async remove(keys) {
      if (keys.length === 0) return;
      const results = await client.removeObjects(bucket, keys);
      const failed = results.filter((result) => result?.Error);
      if (failed.length > 0) {
        const first = failed[0]?.Error;
        throw new Error(
          `object storage could not delete ${failed.length} of ${keys.length} objects (${first?.Code}: ${first?.Key})`,
        );
      }
    },
    async *list(prefix) {
      for await (const item of storage.listWithDates(prefix)) yield item.key;
    },
    async *listWithDates(prefix) {
      const stream = client.listObjectsV2(bucket, prefix, true);
      for await (const item of stream as AsyncIterable<{ name?: string; lastModified?: Date }>) {
        if (item.name) yield { key: item.name, lastModified: item.lastModified ?? new Date(0) };
      }
    },
    async ping() {
      if (!(await client.bucketExists(bucket))) throw new Error(`bucket ${bucket} does not exist`);
    },
    async close() {
      agent.destroy();
      await stopServer();
    },
  };
  return reportUnreachable(kind === "embedded" ? putsBeforeRemoves(storage) : storage, where);
}

/**
 * The embedded server deletes a folder it has just emptied (s3rver's deleteObject), which races a put
 * into the same folder: the put fails (500) or its new file goes with the folder. Puts share, removes
 * are exclusive (queued removes go first), so an upload racing a deletion is never lost.
 */
function putsBeforeRemoves(storage: ObjectStorage): ObjectStorage {
  let puts = 0;
  let removesPending = 0;
  let removing: Promise<unknown> = Promise.resolve();
  let drained: Array<() => void> = [];
  return {
    ...storage,
    async put(key, body, contentType) {
      while (removesPending > 0) await removing;
      puts++;
      try {
        return await storage.put(key, body, contentType);
      } finally {
        if (--puts === 0) {
          for (const resolve of drained) resolve();
          drained = [];
        }
      }
    },
    remove(keys) {
      removesPending++;
      const run = removing.then(async () => {
        try {
          while (puts > 0) await new Promise<void>((resolve) => drained.push(resolve));
          return await storage.remove(keys);
        } finally {
          removesPending--;
        }
      });
      removing = run.catch(() => {});
      return run;
    },
  };
}

/**
 * A keep-alive connection the server closed just as it was reused fails at once with a reset (seen under load
 * beside the embedded server's 5 s idle timeout). Every operation here is idempotent (keys are content hashes,
 * a put of a key writes the same bytes), so such a failure is tried once more, on a fresh connection.
 */
const isReset = (error: unknown) =>
  /^(ECONNRESET|EPIPE)$/.test(errorCode(error) ?? "") ||
  /socket hang up/i.test(error instanceof Error ? error.message : "");

/**
 * Network failures while running become ObjectStorageUnavailableError, so callers can answer 503; a connection
 * reset is first tried once more.
 */
function reportUnreachable(storage: ObjectStorage, where: string): ObjectStorage {
  const translate = (error: unknown) => {
    const code = errorCode(error) ?? "";
    const message = error instanceof Error ? error.message : "";
    if (/^(ECONN|EHOST|ENET|ETIMEDOUT|EPIPE|ENOTFOUND|EAI_AGAIN)/.test(code) || /socket hang up/i.test(message)) {
      return new ObjectStorageUnavailableError(`object storage at ${where} is unreachable (${code || message})`, {
        cause: error,
      });
    }
    return error;
  };
  const wrap =
    <A extends unknown[], R>(method: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      try {
        return await method(...args);
      } catch (error) {
        if (!isReset(error)) throw translate(error);
      }
      try {
        return await method(...args);
      } catch (error) {
        throw translate(error);
      }
    };
  return {
    ...storage,
    put: wrap(storage.put),
    get: wrap(storage.get),
    exists: wrap(storage.exists),
    size: wrap(storage.size),
    remove: wrap(storage.remove),
    ping: wrap(storage.ping),
    async *listWithDates(prefix) {
      try {
        yield* storage.listWithDates(prefix);
      } catch (error) {
        throw translate(error);
      }
    },
  };
}

async function ensureBucket(client: Client, bucket: string, region: string) {
  if (await client.bucketExists(bucket)) return;
  try {
    await client.makeBucket(bucket, region);
  } catch (error) {
    // Another process may have created it meanwhile.
    const code = errorCode(error);
    if (code !== "BucketAlreadyOwnedByYou" && code !== "BucketAlreadyExists") throw error;
  }
}

function explainStartupError(error: unknown, where: string, bucket: string): string {
  const code = errorCode(error);
  const network = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH"]);
  if (code === "TIMEOUT") return `cannot reach object storage at ${where} (no answer in time): check S3_ENDPOINT`;
  if (code && (network.has(code) || code.startsWith("ECONN") || code.startsWith("ERR_SSL") || code.includes("CERT"))) {
    return `cannot reach object storage at ${where} (${code}): check S3_ENDPOINT`;
  }
  if (code === "InvalidAccessKeyId" || code === "SignatureDoesNotMatch" || code === "AccessDenied") {
    return `object storage at ${where} refused the credentials (${code}): check S3_ACCESS_KEY and S3_SECRET_KEY`;
  }
  if (code === "BucketAlreadyExists") {
    return `the bucket ${bucket} belongs to another account at ${where}: choose another S3_BUCKET`;
  }
  if (code && ["NotFound", "MethodNotAllowed", "MovedPermanently", "TemporaryRedirect"].includes(code)) {
    return `${where} does not answer like an S3 server (${code}): check S3_ENDPOINT`;
  }
  if (code === "InvalidBucketName") return `invalid bucket name ${JSON.stringify(bucket)}: check S3_BUCKET`;
  const detail = error instanceof Error ? error.message : String(error);
  return `object storage at ${where} failed at start-up (${code ?? detail}): check S3_ENDPOINT, S3_BUCKET and S3_REGION`;
}

function errorCode(error: unknown): string | undefined {
  if (typeof error === "object" && error !== null && "code" in error && typeof error.code === "string") {
    return error.code;
  }
  if (error instanceof AggregateError) return errorCode(error.errors[0]);
  return undefined;
}

function isMissing(error: unknown) {
  const code = errorCode(error);
  return code === "NoSuchKey" || code === "NotFound" || code === "NoSuchObject";
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error("timed out"), { code: "TIMEOUT" })), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: Record<string, unknown>) => S3rverInstance;

/** Starts @20minutes/s3rver on 127.0.0.1 with a free port; its files live in directory. */
async function startEmbeddedServer(directory: string) {
  await mkdir(directory, { recursive: true });
  // Loaded on demand, through require: the package is CommonJS without types.
  const S3rver = nodeModule.createRequire(import.meta.url)("@20minutes/s3rver") as S3rverConstructor;
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    // Path-style requests only: never read the bucket from the Host header.
    vhostBuckets: false,
  });
  let address: AddressInfo;
  try {
    address = await server.run();
  } catch (error) {
    throw new ObjectStorageUnavailableError(
      `cannot start the embedded object storage in ${directory} (${error instanceof Error ? error.message : error}): set S3_ENDPOINT or check DATA_DIR`,
      { cause: error },
    );
  }
  let stopped = false;
  return {
    port: address.port,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await server.close();
    },
  };
}
