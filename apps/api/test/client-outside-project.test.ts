// Issue 39 §4: the client as an outside project gets it. `pnpm --filter @chatbot-gallery/client pack` makes the
// tarball (from the built dist/, as `pnpm test` builds it first); a temporary copy of examples/outside-project
// installs it with npm from the registry, type-checks in strict NodeNext without skipLibCheck with one copy of
// @trpc/server, and runs against this file's server with a personal API token.
import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect } from "vitest";
import { signUp } from "./support/auth.js";
import { test } from "./support/fixtures.js";
import { pngImage } from "./support/images.js";
import { trpcMutation } from "./support/requests.js";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../../..");
const CLIENT = path.join(ROOT, "packages/client");
const EXAMPLE = path.join(ROOT, "examples/outside-project");
const TARBALL = "chatbot-gallery-client-0.1.0.tgz";

let work: string;
test.afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

test("the packed client installs in an outside npm project, type-checks strictly and calls the API", async ({
  app,
}) => {
  work = mkdtempSync(path.join(tmpdir(), "gallery-outside-"));
  const project = path.join(work, "project");
  if (!existsSync(path.join(CLIENT, "dist/index.d.ts"))) {
    await run("pnpm", ["--filter", "@chatbot-gallery/client", "build"], { cwd: ROOT });
  }
  await run("pnpm", ["--filter", "@chatbot-gallery/client", "pack", "--pack-destination", work], { cwd: ROOT });

  // The package as published: the built files and a manifest without workspace-only fields.
  const { stdout: listing } = await run("tar", ["tzf", path.join(work, TARBALL)]);
  const packed = listing.trim().split("\n");
  expect(packed).toEqual(
    expect.arrayContaining(["package/package.json", "package/dist/index.d.ts", "package/dist/index.js"]),
  );
  expect(packed).toEqual(expect.arrayContaining(["package/dist/router.d.ts", "package/dist/router.js"]));
  // Besides the manifest, only the built files (and the declaration chunks the two entries share).
  expect(
    packed.filter((file) => file !== "package/package.json" && !/^package\/dist\/[\w.-]+\.(js|d\.ts)$/.test(file)),
  ).toEqual([]);
  const { stdout: manifestText } = await run("tar", ["xzOf", path.join(work, TARBALL), "package/package.json"]);
  const manifest = JSON.parse(manifestText);
  expect(manifest.devDependencies).toBeUndefined();
  expect(JSON.stringify(manifest)).not.toMatch(/workspace:|@gallery\//);
  expect(manifest.peerDependencies).toEqual({ "@trpc/client": ">=11.22.1 <12", "@trpc/server": ">=11.22.1 <12" });

  // A copy of the example depending on the tarball, installed with npm (its cache first, then the registry).
  cpSync(EXAMPLE, project, {
    recursive: true,
    filter: (source) => !/node_modules|[\\/]dist$|\.tgz$|package-lock\.json$/.test(source),
  });
  const packageJson = JSON.parse(readFileSync(path.join(project, "package.json"), "utf8"));
  packageJson.dependencies["@chatbot-gallery/client"] = `file:${path.join(work, TARBALL)}`;
  writeFileSync(path.join(project, "package.json"), JSON.stringify(packageJson, null, 2));
  await run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"], {
    cwd: project,
    env: { ...process.env, npm_config_update_notifier: "false" },
  });
  // Installed, not linked: the client's folder holds no node_modules of its own.
  expect(existsSync(path.join(project, "node_modules/@chatbot-gallery/client/node_modules"))).toBe(false);

  // Strict NodeNext, skipLibCheck off (tsconfig.json): every declaration file is checked.
  const tsconfig = JSON.parse(readFileSync(path.join(project, "tsconfig.json"), "utf8"));
  expect(tsconfig.compilerOptions).toMatchObject({ strict: true, module: "NodeNext", skipLibCheck: false });
  const tsc = path.join(project, "node_modules/typescript/bin/tsc");
  const compiled = await run(process.execPath, [tsc, "-p", project, "--listFiles"], { cwd: project }).catch(
    (error: { stdout?: string }) => {
      throw new Error(`tsc failed:\n${error.stdout ?? error}`);
    },
  );
  const files = compiled.stdout.trim().split("\n");
  const trpcServerFolders = new Set(
    files.flatMap((file) => {
      const match = /^(.*\/node_modules\/@trpc\/server)\//.exec(file);
      return match ? [match[1]] : [];
    }),
  );
  expect([...trpcServerFolders]).toEqual([path.join(project, "node_modules/@trpc/server")]);
  expect(files.filter((file) => !file.startsWith(project) && !file.includes("/typescript/lib/"))).toEqual([]);

  // Run against this file's server with a member's write token.
  await app.listen({ port: 0, host: "127.0.0.1" });
  const member = await signUp(app);
  const token = await trpcMutation(
    app,
    "apiTokens.create",
    { name: "outside project", scope: "write", expiresInDays: 7 },
    member.cookie,
  );
  expect(token.statusCode, token.body).toBe(200);
  const { stdout } = await run(process.execPath, [path.join(project, "dist/main.js")], {
    cwd: project,
    env: {
      PATH: process.env.PATH,
      GALLERY_URL: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
      GALLERY_TOKEN: token.json().result.data.secret,
      GALLERY_PICTURE_BASE64: (await pngImage(96, 192)).toString("base64"),
    },
  });
  expect(stdout.trim().split("\n")).toEqual([
    "list: 0 on the first page",
    'create: "Outside Bot"',
    'read (own tRPC client): "Outside Bot" by me, tags outside',
    "delete (REST): 200",
    "read again: NOT_FOUND",
  ]);
}, 240_000);
