// `pnpm bench`: seeds a large gallery and measures the listing calls against the bare-route ceiling.
//   pnpm bench [--listings 100000] [--sizes 10000,100000,1000000] [--creators N] [--duration 5] [--embedded]
//              [--skip-web] [--skip-build]
// --sizes measures every public call at each size (the growth table and docs/bench/growth.svg); the largest
// is --listings unless --sizes is given. Creators: a tenth of the listings unless --creators is given.
// Needs Debian's postgresql for the default run (--embedded uses PGlite, the app's embedded default) and
// chromium for the web metrics (measured on the built app started by scripts/start.mjs, as `pnpm start` does),
// a phone's first visit included (bench/phone.ts; alone: `pnpm bench:phone`).
import path from "node:path";
import { multipart, pngImage } from "../test/support/images.js";
import { BareRoutes } from "./bare-ceilings.js";
import { type Accounts, ApiServer, type Run } from "./run-context.js";
import { measureSize, type Posters, type Seeding, seedSize } from "./run-gallery.js";
import {
  applyCeilingRatios,
  measureCardImportRows,
  measureCeilings,
  measureClickOutRows,
  measureCopiesRows,
  measureCreate,
  measureFavoriteRows,
  measureNotFound,
} from "./run-largest.js";
import { runOptions } from "./run-options.js";
import { report } from "./run-report.js";
import { measureBuiltApp, type WebRows } from "./run-web.js";
import { blocklistMember } from "./scenarios-safety.js";
import { type BenchServices, signInNewAccount, withBenchServices } from "./services.js";

const options = runOptions();
const ROOT = path.resolve(import.meta.dirname, "../../..");

/** A few real stored images (through the api, as the member) that the seeded listings share. */
async function uploadPosters(serverUrl: string, cookie: string): Promise<Posters> {
  const images: Posters = [];
  for (let i = 0; i < 8; i++) {
    const data = await pngImage(512, 1024, `hsl(${i * 45}, 70%, 50%)`);
    const form = multipart({ title: `Poster ${i}` }, { name: "image", filename: "p.png", type: "image/png", data });
    const response = await fetch(`${serverUrl}/api/chatbots`, {
      method: "POST",
      headers: { cookie, ...form.headers },
      body: form.payload,
    });
    if (!response.ok) throw new Error(`a poster's upload failed: ${response.status} ${await response.text()}`);
    const created = (await response.json()) as { imageUrl: string; thumbnailUrl: string };
    images.push({
      imageUrl: created.imageUrl,
      imageKey: created.imageUrl.replace("/images/", ""),
      thumbnailKey: created.thumbnailUrl.replace("/images/", ""),
    });
  }
  return images;
}

/**
 * A member, a member with a blocklist, and a moderator (made super admin by the seed) for the queue and audit log
 * rows.
 */
async function signInAccounts(serverUrl: string): Promise<Accounts> {
  const { createAccount } = await import("../test/support/auth.js");
  const { cookie, id: memberId, idToken } = await signInNewAccount(serverUrl);
  const blocklistCookie = await blocklistMember(serverUrl, createAccount);
  const { cookie: moderatorCookie, id: moderatorId } = await signInNewAccount(serverUrl);
  return { cookie, memberId, idToken, blocklistCookie, moderatorCookie, moderatorId };
}

/** The api started on the services, its accounts signed in: what every phase shares. */
async function startRun(services: BenchServices): Promise<Run> {
  const serverEnv = {
    ...services.env,
    // The click-out row measures the redirect and its counting for many visitors, each at an address the load
    // generator names through a proxy trusted on loopback (scenarios-discovery.ts), not /go's per-address limit.
    RATE_LIMIT_GO: "100000000",
    TRUST_PROXY: "127.0.0.1",
    WEB_DIST: path.join(ROOT, "apps/web/dist"),
  };
  const server = await ApiServer.start(serverEnv);
  services.onCleanup(() => server.kill());
  return {
    options,
    services,
    serverEnv,
    server,
    accounts: await signInAccounts(server.url),
    results: [],
    bareRoutes: new BareRoutes(services.dataDir),
    sameAnswer: new Map(),
    firstPage: "",
  };
}

/** Every size seeded in turn (each added to the one before) and measured. */
async function measureSizes(run: Run): Promise<Seeding[]> {
  const images = await uploadPosters(run.server.url, run.accounts.cookie);
  const seeding: Seeding[] = [];
  for (const size of options.sizes) {
    const { seriesPath, profilePath, ...seeded } = await seedSize(run, size, images);
    seeding.push(seeded);
    await measureSize(run, size, { seriesPath, profilePath });
  }
  return seeding;
}

/** The rows measured once at the largest size, in this order (the ceiling while the api is idle, before the creates). */
async function measureLargest(run: Run) {
  await measureCopiesRows(run);
  const { databaseUrl } = run.services;
  if (databaseUrl) {
    await measureFavoriteRows(run, databaseUrl);
    await measureClickOutRows(run, databaseUrl);
  }
  const ceiling = await measureCeilings(run);
  await measureNotFound(run);
  await measureCreate(run);
  await measureCardImportRows(run);
  applyCeilingRatios(run.results, ceiling);
}

async function main() {
  await withBenchServices("bench", { embedded: options.embedded }, async (services) => {
    const run = await startRun(services);
    const seeding = await measureSizes(run);
    await measureLargest(run);
    let webRows: WebRows = { web: null, phone: null, wire: null };
    if (!options.skipWeb) {
      await run.server.stop();
      webRows = await measureBuiltApp(
        { ...run.serverEnv, DATA_DIR: services.dataDir },
        { skipBuild: options.skipBuild, onCleanup: services.onCleanup },
      );
    }
    report({
      database: services.database,
      sizes: options.sizes,
      listings: options.listings,
      creators: options.creatorsFor(options.listings),
      duration: options.duration,
      seeding,
      results: run.results,
      ...webRows,
    });
  });
}

await main();
