// What the phases of `pnpm bench` (run.ts) share: the options, the services, the api under measurement, the
// accounts and images it was given, and the rows measured so far.
import { startServerProcess } from "../test/support/server.js";
import type { BareRoutes } from "./bare-ceilings.js";
import { measureLoad, type Summary, warmUp } from "./measure.js";
import type { RunOptions } from "./run-options.js";
import type { BenchServices } from "./services.js";
import { stopGracefully } from "./stop.js";

/**
 * How the api answered: "shared copies" is the default configuration (public pages served from a copy
 * for up to RESPONSE_CACHE_SECONDS); "database" turns copies off (RESPONSE_CACHE_SECONDS=0), so every
 * request runs its queries: the cost of a page nobody asked for a moment ago.
 */
export type Responses = "shared copies" | "database";
export const MODES: Array<{ responses: Responses; env: Record<string, string> }> = [
  { responses: "shared copies", env: {} },
  { responses: "database", env: { RESPONSE_CACHE_SECONDS: "0" } },
];

export const NOT_FOUND = "404 through the app";
export const BARE_CEILING = "bare route (ceiling)";

/** One row of the report. */
export interface Result extends Summary {
  scenario: string;
  responses?: Responses;
  listings: number;
  connections: number;
  /** Requests/s against the bare route answering the gallery's first page. */
  ceilingRatio?: number;
  /** From shared copies: requests/s against a bare route sending this call's own answer, byte for byte. */
  sameAnswerRatio?: number;
}

/** The api under measurement: one process at a time, restarted where a row must not profit from an earlier one. */
export class ApiServer {
  private constructor(
    private readonly env: Record<string, string>,
    private process: Awaited<ReturnType<typeof startServerProcess>>,
  ) {}

  static async start(env: Record<string, string>) {
    return new ApiServer(env, await startServerProcess(env));
  }

  get url() {
    return this.process.url;
  }

  /** Starts it again (after `stop`), with `env` over the bench's environment. */
  async start(env: Record<string, string> = {}) {
    this.process = await startServerProcess({ ...this.env, ...env });
  }

  /** A fresh process, so nothing kept from an earlier measurement helps the next one. */
  async restart(env: Record<string, string> = {}) {
    await this.stop();
    await this.start(env);
  }

  stop() {
    return stopGracefully(this.process.child);
  }

  kill() {
    this.process.kill();
  }
}

export interface Accounts {
  cookie: string;
  memberId: string;
  idToken: string;
  /** A member with a blocklist. */
  blocklistCookie: string;
  /** Made super admin by the seed, for the queue and audit log rows. */
  moderatorCookie: string;
  moderatorId: string;
}

export interface Run {
  options: RunOptions;
  services: BenchServices;
  /** The api's environment: the services' with the bench's limits. */
  serverEnv: Record<string, string>;
  server: ApiServer;
  accounts: Accounts;
  results: Result[];
  /** Each call's answer at the largest size, as the copies sent it, for a bare route of its own (the ceiling). */
  bareRoutes: BareRoutes;
  /** Scenario name -> its answer's path on the bare server. */
  sameAnswer: Map<string, string>;
  /** The gallery's first page as last answered: the bare route's body. */
  firstPage: string;
}

/** A row of the results, said on the console as it is measured. */
export function addRow(run: Run, row: Result, said?: string) {
  run.results.push(row);
  if (said !== undefined) console.log(said);
}

/** `url` warmed up, then measured at each of the run's connection counts. */
export async function measureEach(
  run: Run,
  url: string,
  options: Parameters<typeof measureLoad>[3] = {},
  { warm = true } = {},
): Promise<Array<Summary & { connections: number }>> {
  if (warm) await warmUp(url, options);
  const rows: Array<Summary & { connections: number }> = [];
  for (const connections of run.options.connections)
    rows.push({ connections, ...(await measureLoad(url, connections, run.options.duration, options)) });
  return rows;
}

/** A row with one figure for every statistic (a sitemap's time, writes timed one at a time). */
export function timingRow(
  run: Run,
  scenario: string,
  t: { mean: number; p50: number; p99: number },
  listings = run.options.listings,
): Result {
  return { scenario, listings, connections: 1, rps: 0, mean: t.mean, p50: t.p50, p99: t.p99, non2xx: 0 };
}

/** A check after a measurement, as a row of the results: what it found, and how many failures (non-2xx). */
export function checkRow(run: Run, scenario: string, failures: number): Result {
  const listings = run.options.listings;
  return { scenario, listings, connections: 0, rps: 0, mean: 0, p50: 0, p99: 0, non2xx: failures };
}
