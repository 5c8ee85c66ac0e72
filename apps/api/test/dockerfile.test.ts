// The images (docker/*.Dockerfile) and the compose stack (docker-compose.yml, docker/nginx.conf), read as
// text since no container engine runs in tests: a build stage with every dependency, a runtime stage with
// production dependencies only, run by a non-root user; services that each have their own network
// identity, a healthcheck, healthy dependencies and pinned images.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { PREVIEW_FONT } from "../src/domain/images/preview-design.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const read = (file: string) => readFileSync(path.join(repoRoot, file), "utf8");

interface Instruction {
  keyword: string;
  args: string;
}
interface Stage {
  from: string;
  name?: string;
  instructions: Instruction[];
}

/** Instructions (continuation lines joined, comments dropped) grouped by FROM into stages. */
function parseDockerfile(text: string): Stage[] {
  const lines: string[] = [];
  let pending = "";
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!pending && (line === "" || line.startsWith("#"))) continue;
    if (pending && line.startsWith("#")) continue;
    if (line.endsWith("\\")) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    lines.push(pending + line);
    pending = "";
  }
  const stages: Stage[] = [];
  for (const line of lines) {
    const [, keyword = "", args = ""] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    if (keyword.toUpperCase() === "FROM") {
      const [, from = "", name] = /^(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?/i.exec(args) ?? [];
      stages.push({ from, name, instructions: [] });
    } else {
      stages.at(-1)?.instructions.push({ keyword: keyword.toUpperCase(), args });
    }
  }
  return stages;
}

/** The user the image's last stage runs as (root when it sets none). */
function imageUser(stages: Stage[]): string {
  const users = (stages.at(-1) as Stage).instructions.filter(({ keyword }) => keyword === "USER");
  return users.at(-1)?.args.split(":")[0] ?? "root";
}

/** An image reference with a version: a tag holding a digit (not `latest`), or a digest. */
function isPinned(image: string): boolean {
  const [name = "", digest] = image.split("@");
  if (digest) return /^sha256:[a-f0-9]{64}$/.test(digest);
  const tag = /:([^:/]+)$/.exec(name)?.[1];
  return tag !== undefined && !/latest/.test(tag) && /\d/.test(tag);
}

const stages = parseDockerfile(read("docker/app.Dockerfile"));
const runtime = stages.at(-1) as Stage;
const runtimeArgs = (keyword: string) =>
  runtime.instructions.filter((instruction) => instruction.keyword === keyword).map(({ args }) => args);

describe("docker/app.Dockerfile", () => {
  it("builds in one stage and runs from a fresh image in another", () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const stageNames = stages.slice(0, -1).map((stage) => stage.name);
    // The runtime stage starts from a base image, not from the build stage with its dev dependencies...
    expect(stageNames).not.toContain(runtime.from);
    // ...and takes only what the build stage made.
    const copies = runtimeArgs("COPY");
    expect(copies.length).toBeGreaterThan(0);
    for (const copy of copies) expect(copy).toMatch(/--from=(\S+)/);
  });

  it("ships production dependencies only", () => {
    const build = stages.slice(0, -1).flatMap((stage) => stage.instructions);
    expect(build.some(({ keyword, args }) => keyword === "RUN" && /\bdeploy\b.*--prod\b/.test(args))).toBe(true);
    // Nothing is installed in the runtime stage: its node_modules come from the deploy.
    for (const run of runtimeArgs("RUN")) expect(run).not.toMatch(/\b(pnpm|npm|yarn)\s+(install|i|add|ci)\b/);
  });

  it("runs as a non-root user", () => {
    const users = runtimeArgs("USER");
    const user = users.at(-1);
    expect(user, "the runtime stage sets USER").toBeDefined();
    expect(user?.split(":")[0]).not.toMatch(/^(root|0)$/);
    // USER comes before the command, so the server itself runs as that user.
    const keywords = runtime.instructions.map(({ keyword }) => keyword);
    expect(keywords.lastIndexOf("USER")).toBeLessThan(keywords.lastIndexOf("CMD"));
  });

  it("installs the font share previews are drawn in", () => {
    // Debian's fonts-dejavu-core holds DejaVu Sans; without a font, a preview's title would be boxes.
    expect(PREVIEW_FONT).toBe("DejaVu Sans");
    expect(runtimeArgs("RUN").some((run) => /apt-get install\b.*\bfonts-dejavu-core\b/.test(run))).toBe(true);
  });

  it("starts the bundled server", () => {
    const [cmd] = runtimeArgs("CMD");
    expect(cmd).toMatch(/dist\/server\.js/);
  });

  it("has one list of build-context exclusions for both builders", () => {
    const entries = (file: string) =>
      read(file)
        .split("\n")
        .map((line) => line.trim())
        .filter((line) => line && !line.startsWith("#"));
    expect(entries("docker/app.Dockerfile.dockerignore")).toEqual(entries(".dockerignore"));
    expect(entries(".dockerignore")).toEqual(expect.arrayContaining(["**/node_modules", "**/dist"]));
  });
});

interface ComposeService {
  image?: string;
  build?: { context?: string; dockerfile?: string };
  user?: string;
  network_mode?: string;
  pid?: string;
  ipc?: string;
  ports?: unknown[];
  environment?: Record<string, string | number>;
  healthcheck?: { test?: string | string[]; disable?: boolean };
  depends_on?: string[] | Record<string, { condition?: string }>;
  volumes?: string[];
  networks?: string[] | Record<string, { ipv4_address?: string } | null>;
}
interface Compose {
  services: Record<string, ComposeService>;
  networks?: Record<string, { ipam?: { config?: Array<{ subnet?: string }> } }>;
}

// `merge`: the replicas share one block through a YAML merge key (<<), as Compose reads it.
const compose = parseYaml(read("docker-compose.yml"), { merge: true }) as Compose;
const services = Object.entries(compose.services);
const builtFrom = (service: ComposeService) => service.build?.dockerfile;
const appServices = services.filter(([, service]) => builtFrom(service) === "docker/app.Dockerfile");

/** Seconds of an nginx time value (`330s`, `5m`, `300`). */
function nginxSeconds(value: string): number {
  const [, amount = "0", unit = "s"] = /^(\d+)(ms|s|m|h)?$/.exec(value) ?? [];
  return Number(amount) * { ms: 0.001, s: 1, m: 60, h: 3600 }[unit as "s"];
}

describe("docker-compose.yml", () => {
  it("gives every service its own network identity", () => {
    for (const [name, service] of services) {
      expect(service.network_mode, `${name} network_mode`).toBeUndefined();
      for (const shared of [service.pid, service.ipc])
        expect(String(shared ?? ""), name).not.toMatch(/^(service|container):/);
    }
  });

  it("has a healthcheck on every service, and starts each after its dependencies are healthy", () => {
    for (const [name, service] of services) {
      expect(service.healthcheck?.test, `${name} healthcheck`).toBeTruthy();
      expect(service.healthcheck?.disable, name).not.toBe(true);
      const dependsOn = service.depends_on ?? {};
      expect(Array.isArray(dependsOn), `${name} depends_on names its conditions`).toBe(false);
      for (const [dependency, { condition } = {}] of Object.entries(dependsOn))
        expect(condition, `${name} -> ${dependency}`).toBe("service_healthy");
    }
    expect(appServices.length).toBeGreaterThanOrEqual(2);
    for (const [name, service] of appServices)
      expect(Object.keys(service.depends_on ?? {}), name).toEqual(
        expect.arrayContaining(["postgres", "s3", "auth-emulator"]),
      );
  });

  it("pins every image it pulls, and the base images of those it builds", () => {
    for (const [name, service] of services) {
      if (service.build) {
        const dockerfile = builtFrom(service) ?? "Dockerfile";
        const built = parseDockerfile(read(dockerfile));
        const stageNames = new Set(built.map((stage) => stage.name));
        for (const { from } of built)
          if (!stageNames.has(from)) expect(isPinned(from), `${dockerfile}: ${from}`).toBe(true);
      } else {
        expect(isPinned(service.image ?? ""), `${name}: ${service.image}`).toBe(true);
      }
    }
    // The community MinIO images are no longer published: no unmaintained build sneaks back in.
    for (const [, service] of services) expect(service.image ?? "").not.toMatch(/^minio\//);
  });

  it("runs the app and the emulator as non-root users", () => {
    for (const [name, service] of services.filter(([, s]) => s.build)) {
      const user = service.user?.split(":")[0] ?? imageUser(parseDockerfile(read(builtFrom(service) ?? "Dockerfile")));
      expect(user, name).not.toMatch(/^(root|0)$/);
    }
  });

  it("lets clients in through the proxy only, whose address is the one the replicas trust", () => {
    const proxy = compose.services.proxy as ComposeService;
    const networks = (proxy.networks ?? {}) as Record<string, { ipv4_address?: string } | null>;
    const [network, settings] = Object.entries(networks)[0] ?? [];
    const proxyAddress = settings?.ipv4_address;
    expect(proxyAddress, "the proxy has a fixed address").toBeDefined();
    const subnet = compose.networks?.[network ?? ""]?.ipam?.config?.[0]?.subnet ?? "";
    expect(proxyAddress?.startsWith(subnet.replace(/\.0\/24$/, "."))).toBe(true);
    for (const [name, service] of appServices) {
      expect(service.ports ?? [], `${name} publishes no port`).toEqual([]);
      expect(String(service.environment?.TRUST_PROXY), name).toBe(proxyAddress);
    }
  });

  it("gives the proxy a read timeout that fits the longest request", () => {
    const proxy = compose.services.proxy as ComposeService;
    const mount = (proxy.volumes ?? []).find((volume) => volume.includes("/etc/nginx/"));
    const conf = read(path.normalize(String(mount?.split(":")[0])));
    const timeout = /^\s*proxy_read_timeout\s+(\S+);/m.exec(conf)?.[1];
    expect(timeout, "proxy_read_timeout is set").toBeDefined();
    // The bound operators read in docs/operations.md: "The longest request ... N s".
    const bound = /longest request[^.]*?(\d+) s\b/i.exec(read("docs/operations.md"))?.[1];
    expect(bound, "docs/operations.md states the longest request").toBeDefined();
    expect(nginxSeconds(timeout as string)).toBeGreaterThanOrEqual(Number(bound));
  });

  it("has the proxy gzip plain text answers and pass the replicas' compressed ones through", () => {
    const proxy = compose.services.proxy as ComposeService;
    const mount = (proxy.volumes ?? []).find((volume) => volume.includes("/etc/nginx/"));
    const conf = read(path.normalize(String(mount?.split(":")[0])));
    const directive = (name: string) => new RegExp(`^\\s*${name}\\s+([^;]+);`, "m").exec(conf)?.[1]?.trim();
    expect(directive("gzip")).toBe("on");
    // Answers from the replicas (proxied requests) too, each saying that it depends on Accept-Encoding.
    expect(directive("gzip_proxied")).toBe("any");
    expect(directive("gzip_vary")).toBe("on");
    expect(directive("gzip_types")?.split(/\s+/)).toEqual(
      expect.arrayContaining(["application/json", "application/javascript", "text/css", "image/svg+xml"]),
    );
    // The client's Accept-Encoding must reach the replicas, which send brotli and their pre-compressed files.
    expect(conf).not.toMatch(/proxy_set_header\s+Accept-Encoding/i);
  });

  // Debian's standalone docker-compose needs no daemon to check the file (`apt-get install docker-compose`).
  const dockerCompose = (() => {
    try {
      execFileSync("docker-compose", ["version"], { stdio: "ignore" });
      return true;
    } catch {
      return false;
    }
  })();
  it.runIf(dockerCompose)("passes `docker-compose config` once the secrets it asks for are set", () => {
    // The secrets come from .env (see .env.example): compose fills none in (test/abuse/published-secrets.test.ts).
    const secrets = {
      SESSION_SECRET: "a-session-secret-of-our-own-0123456789",
      POSTGRES_PASSWORD: "ourpostgrespassword0123",
      S3_ACCESS_KEY: "ouraccesskey",
      S3_SECRET_KEY: "oursecretkey0123456789",
    };
    const config = (env: Record<string, string>) =>
      execFileSync("docker-compose", ["-f", "docker-compose.yml", "--env-file", "/dev/null", "config", "-q"], {
        cwd: repoRoot,
        stdio: "pipe",
        env: { PATH: process.env.PATH ?? "", ...env },
      });
    expect(() => config(secrets)).not.toThrow();
    expect(() => config({ ...secrets, SESSION_SECRET: "" })).toThrow(/SESSION_SECRET/);
  });
});
