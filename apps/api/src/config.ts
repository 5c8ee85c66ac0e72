import path from "node:path";
import proxyAddr from "proxy-addr";
import { z } from "zod";

const flag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((value) => value === "true" || value === "1");
const optional = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

/**
 * The proxies whose X-Forwarded-For and X-Forwarded-Proto are believed: addresses, CIDR ranges or
 * proxy-addr's names (loopback, linklocal, uniquelocal), as Fastify's trustProxy takes them. `true`
 * (trust any sender) is refused: a client reaching the api directly could then pick its own address.
 */
const trustedProxies = optional.transform((value, ctx): string[] | false => {
  if (value === undefined || value === "false" || value === "0") return false;
  if (value === "true" || value === "1") {
    ctx.addIssue({
      code: "custom",
      message:
        "must list the proxy addresses (e.g. TRUST_PROXY=127.0.0.1 or 10.0.0.0/8), not true: with true any client could set its own address through X-Forwarded-For",
    });
    return z.NEVER;
  }
  const list = value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  try {
    proxyAddr.compile(list);
  } catch (error) {
    ctx.addIssue({ code: "custom", message: `must be proxy addresses or CIDR ranges: ${(error as Error).message}` });
    return z.NEVER;
  }
  return list;
});

/**
 * Small sitemap files by default, as WordPress's sitemaps keep them: a file is one cheap read (about 5 ms at 2,000
 * against 170 ms at 50,000; docs/performance.md) and a crawler fetches them one by one anyway.
 */
export const DEFAULT_SITEMAP_URLS_PER_FILE = 2000;

/**
 * Secrets anyone can read: docker-compose.yml's former fallbacks, the examples of .env.example and the docs, and
 * the defaults of the tools they name (MinIO, s3rver, the postgres image). A production start refuses each of
 * them (test/abuse/published-secrets.test.ts compares this list with those files). Any value containing "change-me" is refused too.
 */
export const PUBLISHED_SECRETS = {
  SESSION_SECRET: ["compose-dev-secret-change-me-0123456789"],
  /** The password inside DATABASE_URL. */
  DATABASE_PASSWORD: ["gallery", "postgres", "password"],
  S3_ACCESS_KEY: ["gallery", "minioadmin", "S3RVER"],
  S3_SECRET_KEY: ["gallery-secret", "minioadmin", "S3RVER"],
} as const;

/** The settings of a production start that hold a published secret (PUBLISHED_SECRETS), named as a person sets them. */
function publishedSecretsIn(values: Record<keyof typeof PUBLISHED_SECRETS, string | undefined>): string[] {
  const names = { DATABASE_PASSWORD: "the password in DATABASE_URL" } as Record<string, string>;
  return (Object.keys(PUBLISHED_SECRETS) as (keyof typeof PUBLISHED_SECRETS)[])
    .filter((name) => {
      const value = values[name];
      if (value === undefined) return false;
      return (PUBLISHED_SECRETS[name] as readonly string[]).includes(value) || /change-?me/i.test(value);
    })
    .map((name) => names[name] ?? name);
}

/** Whether the api listens on this machine only. */
function isLoopbackHost(host: string): boolean {
  return host === "localhost" || host === "::1" || host.startsWith("127.");
}

/** The password of a postgres:// URL, decoded; undefined without one. */
function databasePassword(url: string | undefined): string | undefined {
  if (!url) return undefined;
  const password = new URL(url).password;
  return password ? decodeURIComponent(password) : undefined;
}

const envSchema = z.object({
  NODE_ENV: optional.pipe(z.enum(["development", "production", "test"]).default("development")),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("127.0.0.1"),
  DATA_DIR: z.string().default(".data"),
  DATABASE_URL: optional.pipe(
    z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// connection string" }).optional(),
  ),
  /**
   * Run the code's fixed SELECTs as named prepared statements (planned once per connection). Set false behind
   * a pooler that moves statements between server connections: PgBouncer before 1.21 in transaction mode.
   */
  DATABASE_PREPARED_STATEMENTS: z
    .enum(["true", "false", "1", "0"])
    .default("true")
    .transform((value) => value === "true" || value === "1"),
  S3_ENDPOINT: optional.pipe(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional()),
  S3_ACCESS_KEY: optional,
  S3_SECRET_KEY: optional,
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a valid bucket name")
    .default("chatbot-gallery"),
  S3_REGION: z.string().default("us-east-1"),
  FIREBASE_PROJECT_ID: z.string().min(1).default("demo-chatbot-gallery"),
  FIREBASE_API_KEY: optional,
  FIREBASE_AUTH_DOMAIN: optional,
  FIREBASE_APP_ID: optional,
  FIREBASE_SERVICE_ACCOUNT: optional,
  FIREBASE_AUTH_EMULATOR_HOST: optional,
  /** The emulator as the browser reaches it, when not at FIREBASE_AUTH_EMULATOR_HOST (e.g. in docker-compose). */
  FIREBASE_AUTH_EMULATOR_URL: optional.pipe(
    z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  ),
  SESSION_SECRET: optional.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  TRUST_PROXY: trustedProxies,
  SUPER_ADMIN_EMAILS: optional.transform((value) =>
    (value ?? "")
      .split(",")
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  ),
  REQUIRE_APPROVAL: flag,
  /** Unset or empty: seed on the embedded database only. */
  SEED_DEMO: optional.pipe(
    z
      .enum(["true", "false", "1", "0"])
      .optional()
      .transform((value) => (value === undefined ? undefined : value === "true" || value === "1")),
  ),
  /** With NODE_ENV=production: run on the embedded database and object storage (a trial on one machine). */
  ALLOW_EMBEDDED_IN_PRODUCTION: flag,
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Server stack traces in tRPC error answers: only `pnpm dev` turns this on. */
  ERROR_STACKS: flag,
  /**
   * Calls per minute, on REST and tRPC together (calls/call.ts `Limit`): sign-in verification per address; writes
   * per member over their session and all of their API tokens (a visitor's per address).
   */
  RATE_LIMIT_SIGNIN: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_WRITES: z.coerce.number().int().min(1).default(120),
  /** Reads per minute made with API tokens, per member over all of their tokens (a session's reads are not limited). */
  RATE_LIMIT_API_TOKEN: z.coerce.number().int().min(1).default(300),
  /** Live (unexpired) personal API tokens one member may hold; the next is refused with 409. */
  MAX_API_TOKENS_PER_MEMBER: z.coerce.number().int().min(1).default(10),
  /** Reports one member, and one address (whoever sends them), may send an hour. */
  REPORTS_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /**
   * Weight of "mislabelled" reports from distinct networks that hides an SFW listing until review: a member whose
   * e-mail is verified and whose account is REPORTS_MIN_ACCOUNT_AGE_DAYS old weighs 2, anyone else (visitors) 0.
   */
  REPORT_AUTO_HIDE_THRESHOLD: z.coerce.number().int().min(1).default(3),
  /** How old (days) a member's account must be before their reports weigh towards hiding a listing. */
  REPORTS_MIN_ACCOUNT_AGE_DAYS: z.coerce.number().min(0).default(3),
  /**
   * How old (hours) a member's account must be before they may review (issue 38: with a verified e-mail): a fresh
   * account made to rig a rating waits three days.
   */
  REVIEW_MIN_ACCOUNT_AGE_HOURS: z.coerce.number().min(0).default(72),
  /** Click-outs (GET /go/{id}/{platform}) per address a minute. */
  RATE_LIMIT_GO: z.coerce.number().int().min(1).default(60),
  /** Stored images nothing refers to are removed once older than this (uploads in flight are younger). */
  ORPHAN_GRACE_MINUTES: z.coerce.number().min(0).default(15),
  /** How long a public gallery page may be answered from memory (0 turns it off); changes clear it at once. */
  RESPONSE_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(10),
  /** Image jobs: how long POST /api/admin/{migrate,repair}-images waits for the result before a 202. */
  IMAGE_JOB_WAIT_SECONDS: z.coerce.number().min(0).max(300).default(20),
  /** Image jobs: a job whose process has not renewed its lease for this long is carried on by another. */
  IMAGE_JOB_LEASE_SECONDS: z.coerce.number().min(1).max(3600).default(30),
  /** Image jobs: a pause between batches, so tests can watch a job run (0 otherwise). */
  IMAGE_JOB_BATCH_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** The site's public address (scheme, host, optional path) for absolute links: canonical, share previews, sitemap. */
  PUBLIC_URL: optional.pipe(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional()),
  /** URLs per sitemap file (the sitemaps.org limit is 50,000). */
  SITEMAP_URLS_PER_FILE: z.coerce.number().int().min(1).max(50_000).default(DEFAULT_SITEMAP_URLS_PER_FILE),
  /** Overload: how long a request may wait for its turn at the database, and for a free connection, before it answers 503. */
  OVERLOAD_DATABASE_WAIT_MS: z.coerce.number().int().min(1).default(2000),
  /** Overload: the event loop's mean delay (a starved CPU) above which new requests answer 503 (0: never). */
  OVERLOAD_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(200),
  /** Extra origins allowed to send state-changing requests (comma separated). */
  ALLOWED_ORIGINS: optional.transform((value) =>
    (value ?? "")
      .split(",")
      .map((origin) => origin.trim())
      .filter(Boolean),
  ),
});

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {}

/** Reads and checks the environment; a bad value ends start-up with a line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`invalid configuration: ${issue.path.join(".")} ${issue.message}`);
  }
  const e = parsed.data;
  const usesEmulator = Boolean(e.FIREBASE_AUTH_EMULATOR_HOST);
  if (e.NODE_ENV === "production" && usesEmulator) {
    throw new ConfigError(
      "invalid configuration: FIREBASE_AUTH_EMULATOR_HOST is set while NODE_ENV=production; emulator tokens are unsigned, so unset it and configure real Firebase",
    );
  }
  if (!usesEmulator && !e.FIREBASE_SERVICE_ACCOUNT && !env.GOOGLE_APPLICATION_CREDENTIALS) {
    throw new ConfigError(
      "invalid configuration: no identity provider; set FIREBASE_AUTH_EMULATOR_HOST for the emulator, or FIREBASE_SERVICE_ACCOUNT for real Firebase",
    );
  }
  if (e.S3_ENDPOINT && (!e.S3_ACCESS_KEY || !e.S3_SECRET_KEY)) {
    throw new ConfigError(
      "invalid configuration: S3_ENDPOINT is set, so S3_ACCESS_KEY and S3_SECRET_KEY are needed too",
    );
  }
  if (e.NODE_ENV === "production" && e.ERROR_STACKS) {
    throw new ConfigError(
      "invalid configuration: ERROR_STACKS would show server internals to clients; unset it in production",
    );
  }
  if (e.NODE_ENV === "production" && !e.SESSION_SECRET) {
    throw new ConfigError("invalid configuration: SESSION_SECRET (32+ characters) is required in production");
  }
  const isProduction = e.NODE_ENV === "production";
  const published = isProduction
    ? publishedSecretsIn({
        SESSION_SECRET: e.SESSION_SECRET,
        DATABASE_PASSWORD: databasePassword(e.DATABASE_URL),
        S3_ACCESS_KEY: e.S3_ACCESS_KEY,
        S3_SECRET_KEY: e.S3_SECRET_KEY,
      })
    : [];
  if (published.length > 0) {
    throw new ConfigError(
      `invalid configuration: ${published.join(", ")} ${published.length > 1 ? "are values" : "is a value"} published with the gallery (docker-compose.yml, .env.example); set ${published.length > 1 ? "secrets" : "a secret"} of your own (e.g. \`openssl rand -base64 48\`)`,
    );
  }
  // The embedded PGlite and S3 server keep everything in DATA_DIR of one process: fine for development and
  // a trial, never what a production start should fall back to because a variable was forgotten.
  const embedded = [
    ...(e.DATABASE_URL ? [] : ["DATABASE_URL (PostgreSQL)"]),
    ...(e.S3_ENDPOINT ? [] : ["S3_ENDPOINT, S3_ACCESS_KEY and S3_SECRET_KEY (object storage)"]),
  ];
  if (isProduction && embedded.length > 0 && !e.ALLOW_EMBEDDED_IN_PRODUCTION) {
    throw new ConfigError(
      `invalid configuration: NODE_ENV=production needs ${embedded.join(" and ")}; the embedded ones are for development (ALLOW_EMBEDDED_IN_PRODUCTION=true runs on them anyway)`,
    );
  }
  /** Said once at start-up: settings that work but are probably not what a production site wants. */
  const warnings: string[] = [];
  if (isProduction && e.SEED_DEMO) {
    warnings.push("SEED_DEMO is ignored with NODE_ENV=production: the demo gallery is never seeded there");
  }
  if (usesEmulator && !isLoopbackHost(e.HOST)) {
    warnings.push(
      `HOST=${e.HOST} with the Auth emulator: anyone who reaches this address can sign in as anyone, SUPER_ADMIN_EMAILS included; bind to 127.0.0.1 or use real Firebase (FIREBASE_SERVICE_ACCOUNT) for anything shared`,
    );
  }
  if (isProduction && !e.PUBLIC_URL) {
    warnings.push(
      "PUBLIC_URL is not set: canonical links, share previews and the sitemap use each request's own host; set PUBLIC_URL to the site's address",
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS,
    s3: {
      endpoint: e.S3_ENDPOINT,
      accessKey: e.S3_ACCESS_KEY,
      secretKey: e.S3_SECRET_KEY,
      bucket: e.S3_BUCKET,
      region: e.S3_REGION,
    },
    firebase: {
      projectId: e.FIREBASE_PROJECT_ID,
      apiKey: e.FIREBASE_API_KEY ?? "fake-api-key",
      authDomain: e.FIREBASE_AUTH_DOMAIN ?? `${e.FIREBASE_PROJECT_ID}.firebaseapp.com`,
      appId: e.FIREBASE_APP_ID,
      serviceAccount: e.FIREBASE_SERVICE_ACCOUNT,
      emulatorHost: e.FIREBASE_AUTH_EMULATOR_HOST,
      /** Where the browser reaches the emulator (no trailing slash). */
      emulatorUrl: usesEmulator
        ? (e.FIREBASE_AUTH_EMULATOR_URL?.replace(/\/+$/, "") ?? `http://${e.FIREBASE_AUTH_EMULATOR_HOST}`)
        : undefined,
    },
    sessionSecret: e.SESSION_SECRET,
    trustProxy: e.TRUST_PROXY,
    superAdminEmails: e.SUPER_ADMIN_EMAILS,
    requireApproval: e.REQUIRE_APPROVAL,
    seedDemo: !isProduction && (e.SEED_DEMO ?? !e.DATABASE_URL),
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    logLevel: e.LOG_LEVEL,
    errorStacks: e.ERROR_STACKS,
    allowedOrigins: e.ALLOWED_ORIGINS,
    /** Without a trailing slash; undefined: each request's own origin. */
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ""),
    sitemapUrlsPerFile: e.SITEMAP_URLS_PER_FILE,
    orphanGraceMinutes: e.ORPHAN_GRACE_MINUTES,
    rateLimit: { signIn: e.RATE_LIMIT_SIGNIN, writes: e.RATE_LIMIT_WRITES, apiToken: e.RATE_LIMIT_API_TOKEN },
    maxApiTokensPerMember: e.MAX_API_TOKENS_PER_MEMBER,
    reports: {
      perHour: e.REPORTS_PER_HOUR,
      autoHideThreshold: e.REPORT_AUTO_HIDE_THRESHOLD,
      minAccountAgeDays: e.REPORTS_MIN_ACCOUNT_AGE_DAYS,
    },
    reviews: { minAccountAgeHours: e.REVIEW_MIN_ACCOUNT_AGE_HOURS },
    /** Click-outs per address a minute. */
    goPerMinute: e.RATE_LIMIT_GO,
    responseCacheSeconds: e.RESPONSE_CACHE_SECONDS,
    imageJobs: {
      waitMs: e.IMAGE_JOB_WAIT_SECONDS * 1000,
      leaseMs: e.IMAGE_JOB_LEASE_SECONDS * 1000,
      batchDelayMs: e.IMAGE_JOB_BATCH_DELAY_MS,
    },
    warnings,
    overload: { databaseWaitMs: e.OVERLOAD_DATABASE_WAIT_MS, eventLoopDelayMs: e.OVERLOAD_EVENT_LOOP_DELAY_MS },
  };
}
