import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createDatabase, dropDatabase } from "./databases.js";
import { testPort } from "./server.js";
import { DATABASE_SERVER_URL, EMULATOR_HOST, PROJECT_ID } from "./services.js";

const API_DIR = path.resolve(import.meta.dirname, "../..");
const REPO_DIR = path.resolve(API_DIR, "../..");
const BUILT_SERVER = path.join(API_DIR, "dist/server.js");
const SHARED_NGINX_CONF = path.join(REPO_DIR, "docker/nginx.conf");
export const SESSION_SECRET = "replicas-test-secret-0123456789abcdef";

/**
 * docker-compose.yml's topology without Docker: a fresh database on the run's PostgreSQL server, the S3
 * server (@20minutes/s3rver in a process of its own), the run's Auth emulator, two replicas of the built
 * server (apps/api/dist/server.js, as `pnpm start` runs it) and Debian's nginx with docker/nginx.conf, the
 * file compose mounts, beside this topology's own gallery/site.conf and gallery/listen.conf.
 */
export async function startTopology(env: Record<string, string> = {}) {
  if (!DATABASE_SERVER_URL) throw new Error("the replicas test needs PostgreSQL (the api project's globalSetup)");
  if (!existsSync(BUILT_SERVER)) throw new Error(`${BUILT_SERVER} is missing: run \`pnpm exec turbo run build\``);
  const dir = mkdtempSync(path.join(tmpdir(), "gallery-replicas-"));
  // nginx's workers run as nobody when started as root: they write uploads' bodies into this folder.
  chmodSync(dir, 0o755);
  const children = new Set<ChildProcess>();
  const stopAll = () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  };
  try {
    const databaseUrl = await createDatabase(DATABASE_SERVER_URL, "gallery_replicas");
    const s3 = await startS3(path.join(dir, "s3"), children);
    const ports = [testPort(), testPort()] as const;
    const replicaEnv = (index: number): Record<string, string> => ({
      PATH: process.env.PATH ?? "",
      // As docker-compose.yml runs the replicas: emulator tokens are refused with NODE_ENV=production.
      NODE_ENV: "development",
      HOST: "127.0.0.1",
      PORT: String(ports[index]),
      LOG_LEVEL: "warn",
      DATA_DIR: path.join(dir, `replica-${index}`),
      DATABASE_URL: databaseUrl,
      S3_ENDPOINT: s3.url,
      S3_ACCESS_KEY: "S3RVER",
      S3_SECRET_KEY: "S3RVER",
      FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST ?? "",
      FIREBASE_PROJECT_ID: PROJECT_ID ?? "demo-chatbot-gallery",
      SESSION_SECRET,
      // nginx on this machine: its X-Forwarded-For is believed, as compose's proxy address is.
      TRUST_PROXY: "127.0.0.1",
      SEED_DEMO: "false",
      // The test's traffic is one user from one address; the limits' sharing has its own check.
      RATE_LIMIT_WRITES: "100000",
      // A busy machine must not turn the test's requests away (overload has its own test): while one replica
      // restarts, the other takes every upload, four at a time (plugins/external/under-pressure.ts).
      OVERLOAD_EVENT_LOOP_DELAY_MS: "0",
      OVERLOAD_DATABASE_WAIT_MS: "120000",
      ...env,
    });
    const replicas = [new Replica(replicaEnv(0), children), new Replica(replicaEnv(1), children)] as const;
    // One after the other, as compose starts them: the first migrates the database and creates the bucket.
    await replicas[0].start();
    await replicas[1].start();
    const proxy = await startNginx(dir, ports, children);
    return {
      databaseUrl,
      replicas,
      proxyUrl: proxy.url,
      async stop() {
        stopAll();
        await dropDatabase(DATABASE_SERVER_URL as string, databaseUrl);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    stopAll();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** One api process on a fixed port (nginx's upstream names it), started again on the same port after a stop. */
export class Replica {
  readonly url: string;
  #child: ChildProcess | undefined;
  #errors = "";

  constructor(
    readonly env: Record<string, string>,
    readonly children: Set<ChildProcess>,
  ) {
    this.url = `http://127.0.0.1:${env.PORT}`;
  }

  /** Starts the built server and resolves once its /api/health answers 200. */
  async start() {
    this.#errors = "";
    const child = spawn(process.execPath, ["--enable-source-maps", BUILT_SERVER], {
      cwd: API_DIR,
      env: this.env,
      stdio: ["ignore", "ignore", "pipe"],
    });
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
      this.#errors += chunk;
    });
    this.children.add(child);
    this.#child = child;
    for (let attempt = 0; attempt < 480; attempt++) {
      if (child.exitCode !== null) throw new Error(`replica exited with ${child.exitCode}: ${this.#errors.trim()}`);
      if (
        await fetch(`${this.url}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`replica did not start: ${this.#errors.trim()}`);
  }

  /** Sends the signal and waits for the process to end: its exit code (null after SIGKILL) and the time taken. */
  async stop(signal: "SIGTERM" | "SIGKILL") {
    const child = this.#child;
    if (!child || child.exitCode !== null) throw new Error("replica is not running");
    const started = performance.now();
    const exited = once(child, "exit");
    child.kill(signal);
    const [code] = (await exited) as [number | null];
    this.children.delete(child);
    return { code, ms: Math.round(performance.now() - started), stderr: this.#errors };
  }
}

/** The embedded S3 server, in a process of its own as compose's SeaweedFS is; resolves with its URL. */
async function startS3(directory: string, children: Set<ChildProcess>) {
  mkdirSync(directory, { recursive: true });
  const script = `
    const S3rver = require("@20minutes/s3rver");
    new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: process.argv[1], vhostBuckets: false })
      .run().then((address) => console.log(address.port));`;
  const child = spawn(process.execPath, ["-e", script, directory], { cwd: API_DIR, stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  // Read to the end, so that a write of the server's never waits on a full pipe.
  child.stderr?.resume();
  const [line] = (await Promise.race([
    once(child.stdout as NodeJS.ReadableStream, "data"),
    once(child, "exit").then(() => Promise.reject(new Error("the S3 server did not start"))),
  ])) as [Buffer];
  return { url: `http://127.0.0.1:${line.toString().trim()}` };
}

/**
 * nginx in the foreground with a main configuration of its own that includes docker/nginx.conf unchanged;
 * gallery/site.conf and gallery/listen.conf are resolved from this folder, as compose's are from /etc/nginx.
 */
async function startNginx(dir: string, ports: readonly [number, number], children: Set<ChildProcess>) {
  const nginx = ["/usr/sbin/nginx", "/usr/local/sbin/nginx"].find(existsSync);
  if (!nginx) throw new Error("nginx is missing: apt-get install -y nginx-light (pnpm test installs it)");
  const port = testPort();
  mkdirSync(path.join(dir, "gallery"));
  const temp = path.join(dir, "temp");
  mkdirSync(temp, { mode: 0o777 });
  chmodSync(temp, 0o777);
  writeFileSync(
    path.join(dir, "gallery/site.conf"),
    `upstream gallery {
  zone gallery 64k;
  server 127.0.0.1:${ports[0]} max_fails=0;
  server 127.0.0.1:${ports[1]} max_fails=0;
  keepalive 32;
}
`,
  );
  writeFileSync(path.join(dir, "gallery/listen.conf"), `listen 127.0.0.1:${port};\n`);
  writeFileSync(
    path.join(dir, "nginx.conf"),
    `worker_processes 2;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
  include ${SHARED_NGINX_CONF};
}
`,
  );
  const child = spawn(nginx, ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-g", "daemon off;"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errors = "";
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    errors += chunk;
  });
  children.add(child);
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 120; attempt++) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${errors.trim()}`);
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`nginx did not start: ${errors.trim()}`);
}
