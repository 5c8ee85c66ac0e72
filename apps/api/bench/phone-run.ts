import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { listingPath } from "@gallery/schema";
import { ROOT, WEB_DIST, withDemoGallery } from "./demo-gallery.js";
import { measurePhone, phoneSection, phoneTargets } from "./phone.js";
import { initialJavaScript, launchChromium } from "./web.js";

const { values: args } = parseArgs({ options: { "skip-build": { type: "boolean", default: false } } });

async function main() {
  await withDemoGallery("phone", { skipBuild: args["skip-build"] }, async ({ server, newest, onCleanup }) => {
    const browser = await launchChromium();
    onCleanup(() => browser.close());
    const loadBefore = loadavg()[0]!.toFixed(1);
    const phone = await measurePhone(browser, server.url, listingPath(newest));
    const about = `\`pnpm bench:phone\` ${new Date().toISOString().slice(0, 16)}: the api (src/server.ts) on the demo gallery of a fresh \`pnpm start\`, PostgreSQL; ${phone.runsPerPage} first visits per page (a fresh context, cache disabled); the machine's load average (1 min) ${loadBefore} before, ${loadavg()[0]!.toFixed(1)} after`;
    const js = initialJavaScript(WEB_DIST);
    const json = {
      date: new Date().toISOString(),
      about,
      initialJavaScript: js,
      ...phone,
      targets: phoneTargets(phone),
    };
    const dir = path.join(ROOT, "docs/bench");
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "phone.json"), `${JSON.stringify(json, null, 2)}\n`);
    const markdown = `${phoneSection(phone, about)}\n\nJavaScript before the gallery's first render: ${js.gzipKb} kB gzip in ${js.files} files.\n`;
    writeFileSync(path.join(dir, "phone.md"), markdown);
    console.log(`\n${markdown}\nwritten to docs/bench/phone.{md,json}`);
  });
}

await main();
