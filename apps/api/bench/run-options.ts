// `pnpm bench`'s command line (see run.ts), read once into one value.
import { parseArgs } from "node:util";

export interface RunOptions {
  /** The gallery sizes measured, ascending; the last is the largest. */
  sizes: number[];
  /** The largest size: the once-only rows (writes, ceilings, the web) are measured there. */
  listings: number;
  /** Creators seeded for a size: a tenth of its listings unless --creators is given. */
  creatorsFor(size: number): number;
  /** Seconds per measurement. */
  duration: number;
  /** The connection counts every row is measured at. */
  connections: number[];
  embedded: boolean;
  skipWeb: boolean;
  skipBuild: boolean;
}

export function runOptions(argv: string[] = process.argv.slice(2)): RunOptions {
  const { values: args } = parseArgs({
    args: argv,
    options: {
      listings: { type: "string", default: "100000" },
      sizes: { type: "string" },
      creators: { type: "string" },
      duration: { type: "string", default: "5" },
      embedded: { type: "boolean", default: false },
      "skip-web": { type: "boolean", default: false },
      "skip-build": { type: "boolean", default: false },
    },
  });
  const sizes = args.sizes
    ? [...new Set(args.sizes.split(",").map(Number))].sort((a, b) => a - b)
    : [...new Set([Math.min(10_000, Number(args.listings)), Number(args.listings)])];
  if (sizes.some((size) => !Number.isInteger(size) || size < 1))
    throw new Error(`--sizes: whole numbers, got ${args.sizes}`);
  return {
    sizes,
    listings: sizes.at(-1)!,
    creatorsFor: (size) => (args.creators ? Math.min(Number(args.creators), size) : Math.ceil(size / 10)),
    duration: Number(args.duration),
    connections: [1, 50],
    embedded: args.embedded,
    skipWeb: args["skip-web"],
    skipBuild: args["skip-build"],
  };
}
