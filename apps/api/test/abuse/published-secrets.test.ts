import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { loadConfig, PUBLISHED_SECRETS } from "../../src/config.js";

/**
 * Issue 36, "Also seen": docker-compose.yml fell back to known values for SESSION_SECRET, the PostgreSQL password
 * and the S3 keys, and a production start accepted the 39-character `compose-dev-secret-change-me-…`. A production
 * start now refuses every secret published with the gallery (config.ts PUBLISHED_SECRETS), in one line naming what
 * to set, and the compose file asks for each instead of filling it in.
 */

const repoRoot = path.resolve(import.meta.dirname, "../../../..");
const read = (file: string) => readFileSync(path.join(repoRoot, file), "utf8");

const SECRET = "a-secret-of-our-own-0123456789abcdef";
const production = (env: Record<string, string>) =>
  loadConfig({
    NODE_ENV: "production",
    SESSION_SECRET: SECRET,
    FIREBASE_SERVICE_ACCOUNT: "{}",
    DATABASE_URL: "postgres://gallery:s3cret-of-our-own@db.internal/gallery",
    S3_ENDPOINT: "https://s3.internal",
    S3_ACCESS_KEY: "our-access-key",
    S3_SECRET_KEY: "our-secret-key-0123456789",
    PUBLIC_URL: "https://gallery.example",
    ...env,
  });
const refusal = (env: Record<string, string>) => {
  try {
    production(env);
  } catch (error) {
    return (error as Error).message;
  }
  return null;
};

describe("a production start", () => {
  it("starts with secrets of its own", () => {
    expect(production({}).warnings).toEqual([]);
  });

  it("refuses compose's former SESSION_SECRET, in one line naming it", () => {
    const message = refusal({ SESSION_SECRET: "compose-dev-secret-change-me-0123456789" });
    expect(message).toBe(
      "invalid configuration: SESSION_SECRET is a value published with the gallery (docker-compose.yml, .env.example); set a secret of your own (e.g. `openssl rand -base64 48`)",
    );
    // A placeholder with its digits changed is still a placeholder.
    expect(refusal({ SESSION_SECRET: "compose-dev-secret-CHANGE-ME-9999999999" })).toMatch(
      /^invalid configuration: SESSION_SECRET is/,
    );
  });

  it("refuses every published value of each secret", () => {
    for (const value of PUBLISHED_SECRETS.SESSION_SECRET)
      expect(refusal({ SESSION_SECRET: value })).toMatch(/^invalid configuration: SESSION_SECRET is a value published/);
    for (const value of PUBLISHED_SECRETS.DATABASE_PASSWORD)
      expect(refusal({ DATABASE_URL: `postgres://gallery:${encodeURIComponent(value)}@db.internal/gallery` })).toMatch(
        /^invalid configuration: the password in DATABASE_URL is a value published/,
      );
    for (const value of PUBLISHED_SECRETS.S3_ACCESS_KEY)
      expect(refusal({ S3_ACCESS_KEY: value })).toMatch(/^invalid configuration: S3_ACCESS_KEY is a value published/);
    for (const value of PUBLISHED_SECRETS.S3_SECRET_KEY)
      expect(refusal({ S3_SECRET_KEY: value })).toMatch(/^invalid configuration: S3_SECRET_KEY is a value published/);
  });

  it("names every published secret at once", () => {
    expect(
      refusal({
        SESSION_SECRET: "compose-dev-secret-change-me-0123456789",
        DATABASE_URL: "postgres://gallery:gallery@postgres:5432/gallery",
        S3_ACCESS_KEY: "gallery",
        S3_SECRET_KEY: "gallery-secret",
      }),
    ).toBe(
      "invalid configuration: SESSION_SECRET, the password in DATABASE_URL, S3_ACCESS_KEY, S3_SECRET_KEY are values published with the gallery (docker-compose.yml, .env.example); set secrets of your own (e.g. `openssl rand -base64 48`)",
    );
  });

  it("development takes them (docker compose and `pnpm start` are for this machine)", () => {
    const config = loadConfig({
      FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099",
      SESSION_SECRET: "compose-dev-secret-change-me-0123456789",
      DATABASE_URL: "postgres://gallery:gallery@127.0.0.1:5432/gallery",
    });
    expect(config.sessionSecret).toBe("compose-dev-secret-change-me-0123456789");
  });
});

describe("docker-compose.yml and .env.example", () => {
  const composeText = read("docker-compose.yml");
  const SECRET_VARIABLES = ["SESSION_SECRET", "POSTGRES_PASSWORD", "S3_ACCESS_KEY", "S3_SECRET_KEY"];

  it("asks for every secret instead of filling one in", () => {
    for (const name of SECRET_VARIABLES) {
      const uses = [...composeText.matchAll(new RegExp(`\\$\\{${name}(:?[-?+]?)([^}]*)\\}`, "g"))];
      expect(uses.length, `${name} is used`).toBeGreaterThan(0);
      for (const [use, operator] of uses) expect(operator, `${use} requires a value`).toBe(":?");
    }
    // Nor is a published value written out anywhere in the file.
    const compose = parseYaml(composeText, { merge: true }) as {
      services: Record<string, { environment?: Record<string, string | number> }>;
    };
    const published = new Set<string>(Object.values(PUBLISHED_SECRETS).flat());
    const holdsSecret = (name: string) => /SECRET|PASSWORD|ACCESS_KEY|DATABASE_URL/.test(name);
    for (const [service, { environment = {} }] of Object.entries(compose.services))
      for (const [name, value] of Object.entries(environment).filter(([name]) => holdsSecret(name))) {
        expect(published.has(String(value)), `${service} ${name}`).toBe(false);
        expect(String(value), `${service} ${name}`).not.toMatch(/change-?me/i);
      }
  });

  it("lists the secrets compose asks for in .env.example, empty, and refuses its examples in production", () => {
    const example = read(".env.example");
    for (const name of SECRET_VARIABLES) expect(example, name).toMatch(new RegExp(`^${name}=$`, "m"));
    // The database URL shown as an example carries a published password.
    const urls = [...example.matchAll(/^#?\s*DATABASE_URL=(postgres:\/\/\S+)$/gm)].map(([, url]) => url!);
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) expect(refusal({ DATABASE_URL: url })).toMatch(/the password in DATABASE_URL/);
  });
});
