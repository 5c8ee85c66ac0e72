// `pnpm bench:preview`: what drawing one share preview costs (domain/images/preview-design.ts), from an original
// as uploads store it (a 1024x2048 WebP) to the 1200x630 JPEG, for a short title and the longest allowed one.
//   pnpm bench:preview [--rounds 20]
// One at a time, after a warm-up; it prints the median and 95th percentile and the preview's size.
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { TITLE_MAX } from "@gallery/schema";
import sharp from "sharp";
import { renderPreview } from "../src/domain/images/preview-design.js";

const { values: args } = parseArgs({ options: { rounds: { type: "string", default: "20" } } });
const ROUNDS = Number(args.rounds);

/** A poster like the demo gallery's: a gradient with soft shapes, stored as uploads are. */
async function original() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="1024">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(200,70%,55%)"/><stop offset="1" stop-color="hsl(260,65%,25%)"/>
    </linearGradient></defs>
    <rect width="512" height="1024" fill="url(#g)"/>
    <circle cx="250" cy="300" r="140" fill="white" fill-opacity="0.2"/><circle cx="380" cy="760" r="90" fill="white" fill-opacity="0.12"/>
  </svg>`;
  return sharp(Buffer.from(svg)).resize(1024, 2048).webp({ quality: 82 }).toBuffer();
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

async function main() {
  const picture = await original();
  const titles = {
    "short title": "Café Knight: The Return!",
    [`${TITLE_MAX}-character title`]: "A knight who runs a café by the harbour and tells stories "
      .repeat(4)
      .slice(0, TITLE_MAX),
  };
  console.log(`share preview: ${ROUNDS} rounds each, load average ${loadavg()[0]!.toFixed(2)} on this machine`);
  for (const [name, title] of Object.entries(titles)) {
    await renderPreview(picture, title);
    const times: number[] = [];
    let bytes = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const started = performance.now();
      bytes = (await renderPreview(picture, `${title.slice(0, -2)}${round % 10}`)).length;
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${name}: median ${percentile(times, 0.5).toFixed(0)} ms, p95 ${percentile(times, 0.95).toFixed(0)} ms, ${(bytes / 1024).toFixed(0)} kB JPEG`,
    );
  }
}

await main();
