// `pnpm bench`'s web rows (run.ts): the web app as `pnpm start` serves it, built and started by scripts/start.mjs
// on the seeded database; the web metrics, the first visit's bytes on the wire and a phone's first visit.
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { listingPath } from "@gallery/schema";
import { testPort } from "../test/support/server.js";
import { measurePhone, type PhoneResult } from "./phone.js";
import type { WebResult } from "./run-report.js";
import { stopGracefully } from "./stop.js";
import { launchChromium, measureWeb } from "./web.js";
import { measureWire, type WirePage } from "./wire.js";

const ROOT = path.resolve(import.meta.dirname, "../../..");

export interface WebRows {
  web: WebResult | null;
  phone: PhoneResult | null;
  wire: WirePage[] | null;
}

/** The api and the web app built as `pnpm start` does. */
function buildApp() {
  console.log("building the api and the web app (as pnpm start does)");
  const build = spawnSync(
    "pnpm",
    ["exec", "turbo", "run", "build", "--filter=@gallery/api", "--filter=@gallery/web", "--output-logs=errors-only"],
    { cwd: ROOT, stdio: "inherit", env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1" } },
  );
  if (build.status !== 0) throw new Error("the build failed");
}

/**
 * The built app on `env` (the bench's api environment with its data folder): the web metrics, the wire and the
 * phone measured on the newest listing's page. `onCleanup` stops the app if a measurement fails.
 */
export async function measureBuiltApp(
  env: Record<string, string>,
  { skipBuild, onCleanup }: { skipBuild: boolean; onCleanup: (cleanup: () => unknown) => void },
): Promise<WebRows> {
  if (!skipBuild) buildApp();
  const app = await startBuiltApp(env);
  onCleanup(() => stopGracefully(app.child));
  const web = await measureWeb(app.url, path.join(ROOT, "apps/web/dist"));
  const [newest] = (await (await fetch(`${app.url}/api/chatbots?limit=1`)).json()) as Array<{
    id: string;
    title: string;
  }>;
  const wire = await measureWire(app.url, listingPath(newest!));
  const browser = await launchChromium();
  let phone: PhoneResult;
  try {
    phone = await measurePhone(browser, app.url, listingPath(newest!));
  } finally {
    await browser.close();
  }
  await stopGracefully(app.child);
  return { web, phone, wire };
}

/** `node scripts/start.mjs` (the built api serving the built web app) on a free port. */
async function startBuiltApp(env: Record<string, string>) {
  const port = testPort();
  const child = spawn(process.execPath, [path.join(ROOT, "scripts/start.mjs")], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      ...env,
      ...(env.DATABASE_URL ? {} : { DATABASE_URL: "" }),
      LOG_LEVEL: "silent",
      SEED_DEMO: "false",
      HOST: "127.0.0.1",
      PORT: String(port),
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk) => {
    stderr += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 240; attempt++) {
    if (child.exitCode !== null) throw new Error(`scripts/start.mjs exited with ${child.exitCode}: ${stderr}`);
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, child };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill("SIGKILL");
  throw new Error("scripts/start.mjs did not start");
}
