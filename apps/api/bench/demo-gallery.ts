// What `pnpm bench:wire` and `pnpm bench:phone` measure: the built web app and the demo gallery a fresh `pnpm start`
// shows, served by the api (src/server.ts) on a throwaway PostgreSQL cluster.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
// @ts-expect-error: JavaScript helper shared with scripts/start.mjs and the test setups
import { startThrowawayPostgres } from "../../../scripts/lib/postgres.mjs";
import { startServerProcess } from "../test/support/server.js";

export const ROOT = path.resolve(import.meta.dirname, "../../..");
export const WEB_DIST = path.join(ROOT, "apps/web/dist");

/**
 * Builds the web app (unless skipped), starts a throwaway cluster and answers the api's environment for the demo
 * gallery; what it made is undone by the `cleanups` it adds to.
 */
async function demoGalleryEnv(options: { name: string; skipBuild: boolean; cleanups: Array<() => unknown> }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `gallery-${options.name}-`));
  options.cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  if (!options.skipBuild) {
    const build = spawnSync(
      "pnpm",
      ["exec", "turbo", "run", "build", "--filter=@gallery/web", "--output-logs=errors-only"],
      { cwd: ROOT, stdio: "inherit", env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1" } },
    );
    if (build.status !== 0) throw new Error("the build failed");
  }
  const cluster = await startThrowawayPostgres();
  if (!cluster) throw new Error("PostgreSQL is not installed: apt-get install postgresql");
  options.cleanups.push(() => cluster.stop());
  return {
    DATA_DIR: dataDir,
    DATABASE_URL: cluster.url as string,
    SEED_DEMO: "true",
    WEB_DIST,
    // Never reached: a visitor's first visit signs nobody in.
    FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9",
  };
}

type Server = Awaited<ReturnType<typeof startServerProcess>>;
type Listing = { id: string; title: string };

/**
 * The demo gallery served by the api (`name` names its data folder), handed to `use` with the api's environment and
 * the newest listing (whose page the benches visit); all of it ended afterwards, what `onCleanup` adds first.
 */
export async function withDemoGallery<T>(
  name: string,
  options: { skipBuild: boolean },
  use: (gallery: {
    env: Record<string, string>;
    server: Server;
    newest: Listing;
    onCleanup(cleanup: () => unknown): void;
  }) => Promise<T>,
): Promise<T> {
  const cleanups: Array<() => unknown> = [];
  try {
    const env = await demoGalleryEnv({ name, skipBuild: options.skipBuild, cleanups });
    const server = await startServerProcess(env);
    cleanups.push(() => server.kill());
    const newest = await newestListing(server.url);
    return await use({ env, server, newest, onCleanup: (cleanup) => cleanups.push(cleanup) });
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

/** The demo gallery's newest listing, whose page the benches visit. */
async function newestListing(url: string) {
  const [newest] = (await (await fetch(`${url}/api/chatbots?limit=1`)).json()) as Listing[];
  if (!newest) throw new Error("the demo gallery is empty");
  return newest;
}
