// Settings whose parsing decides who is trusted (the proxies, TRUST_PROXY), where the browser finds the emulator,
// and what a production start refuses or warns about.
import { describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";

const load = (env: Record<string, string>) => loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099", ...env });

describe("TRUST_PROXY", () => {
  it("trusts no proxy when unset or false", () => {
    expect(load({}).trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
  });

  it("takes addresses, CIDR ranges and proxy-addr's names", () => {
    expect(load({ TRUST_PROXY: "172.28.240.10, 10.0.0.0/8,loopback" }).trustProxy).toEqual([
      "172.28.240.10",
      "10.0.0.0/8",
      "loopback",
    ]);
  });

  it("refuses true, naming the fix", () => {
    for (const value of ["true", "1"])
      expect(() => load({ TRUST_PROXY: value })).toThrow(
        /^invalid configuration: TRUST_PROXY must list the proxy addresses \(e\.g\. TRUST_PROXY=127\.0\.0\.1/,
      );
  });

  it("refuses what is not an address", () => {
    expect(() => load({ TRUST_PROXY: "proxy.internal" })).toThrow(
      "invalid configuration: TRUST_PROXY must be proxy addresses or CIDR ranges: invalid IP address: proxy.internal",
    );
    expect(() => load({ TRUST_PROXY: "10.0.0.0/40" })).toThrow(/TRUST_PROXY must be proxy addresses or CIDR ranges/);
  });
});

describe("FIREBASE_AUTH_EMULATOR_URL", () => {
  it("defaults to the emulator's host", () => {
    expect(load({}).firebase.emulatorUrl).toBe("http://127.0.0.1:9099");
  });

  it("may differ from where the server reaches it (compose: a service name for the server, localhost for the browser)", () => {
    const config = load({
      FIREBASE_AUTH_EMULATOR_HOST: "auth-emulator:9099",
      FIREBASE_AUTH_EMULATOR_URL: "http://localhost:9099/",
    });
    expect(config.firebase.emulatorHost).toBe("auth-emulator:9099");
    expect(config.firebase.emulatorUrl).toBe("http://localhost:9099");
  });

  it("is none without the emulator", () => {
    const config = loadConfig({ FIREBASE_SERVICE_ACCOUNT: "{}", FIREBASE_AUTH_EMULATOR_URL: "http://localhost:9099" });
    expect(config.firebase.emulatorUrl).toBeUndefined();
  });
});

describe("NODE_ENV=production", () => {
  const production = (env: Record<string, string>) =>
    loadConfig({
      NODE_ENV: "production",
      SESSION_SECRET: "s".repeat(32),
      FIREBASE_SERVICE_ACCOUNT: "{}",
      DATABASE_URL: "postgres://gallery@db.internal/gallery",
      S3_ENDPOINT: "https://s3.internal",
      S3_ACCESS_KEY: "key",
      S3_SECRET_KEY: "secret",
      PUBLIC_URL: "https://gallery.example",
      ...env,
    });

  it("starts on a PostgreSQL server and object storage with no warning", () => {
    const config = production({});
    expect(config.databaseUrl).toBe("postgres://gallery@db.internal/gallery");
    expect(config.s3.endpoint).toBe("https://s3.internal");
    expect(config.warnings).toEqual([]);
  });

  it("refuses to fall back to the embedded database, naming what to set", () => {
    expect(() => production({ DATABASE_URL: "" })).toThrow(
      "invalid configuration: NODE_ENV=production needs DATABASE_URL (PostgreSQL); the embedded ones are for development (ALLOW_EMBEDDED_IN_PRODUCTION=true runs on them anyway)",
    );
  });

  it("refuses to fall back to the embedded object storage, naming what to set", () => {
    expect(() => production({ S3_ENDPOINT: "", S3_ACCESS_KEY: "", S3_SECRET_KEY: "" })).toThrow(
      "invalid configuration: NODE_ENV=production needs S3_ENDPOINT, S3_ACCESS_KEY and S3_SECRET_KEY (object storage); the embedded ones are for development (ALLOW_EMBEDDED_IN_PRODUCTION=true runs on them anyway)",
    );
  });

  it("names both when both are missing", () => {
    expect(() => production({ DATABASE_URL: "", S3_ENDPOINT: "" })).toThrow(
      /^invalid configuration: NODE_ENV=production needs DATABASE_URL \(PostgreSQL\) and S3_ENDPOINT, S3_ACCESS_KEY and S3_SECRET_KEY \(object storage\);/,
    );
  });

  it("runs on the embedded parts only when explicitly allowed", () => {
    const config = production({ DATABASE_URL: "", S3_ENDPOINT: "", ALLOW_EMBEDDED_IN_PRODUCTION: "true" });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.s3.endpoint).toBeUndefined();
    expect(() => production({ DATABASE_URL: "", ALLOW_EMBEDDED_IN_PRODUCTION: "false" })).toThrow(/DATABASE_URL/);
    expect(() => production({ DATABASE_URL: "", ALLOW_EMBEDDED_IN_PRODUCTION: "yes" })).toThrow(
      /^invalid configuration: ALLOW_EMBEDDED_IN_PRODUCTION/,
    );
  });

  it("never seeds the demo gallery, and says so when SEED_DEMO asks for it", () => {
    expect(production({}).seedDemo).toBe(false);
    // Even on the embedded database, where development seeds by default.
    expect(production({ DATABASE_URL: "", S3_ENDPOINT: "", ALLOW_EMBEDDED_IN_PRODUCTION: "true" }).seedDemo).toBe(
      false,
    );
    const asked = production({ SEED_DEMO: "true" });
    expect(asked.seedDemo).toBe(false);
    expect(asked.warnings).toEqual([
      "SEED_DEMO is ignored with NODE_ENV=production: the demo gallery is never seeded there",
    ]);
    // Outside production SEED_DEMO still decides.
    expect(load({ SEED_DEMO: "true", DATABASE_URL: "postgres://gallery@db.internal/gallery" }).seedDemo).toBe(true);
    expect(load({}).seedDemo).toBe(true);
  });

  it("warns when PUBLIC_URL is missing", () => {
    expect(production({ PUBLIC_URL: "" }).warnings).toEqual([
      "PUBLIC_URL is not set: canonical links, share previews and the sitemap use each request's own host; set PUBLIC_URL to the site's address",
    ]);
    // Development uses each request's host without a word.
    expect(load({}).warnings).toEqual([]);
  });
});

describe("empty values and the database", () => {
  it("takes an empty variable as unset, as a shell or an orchestrator leaves it", () => {
    const config = load({ NODE_ENV: "", SEED_DEMO: "", DATABASE_URL: "" });
    expect(config.env).toBe("development");
    // Unset: the demo gallery is seeded on the embedded database only.
    expect(config.seedDemo).toBe(true);
    expect(load({ SEED_DEMO: "", DATABASE_URL: "postgres://gallery@127.0.0.1/gallery" }).seedDemo).toBe(false);
    expect(load({ SEED_DEMO: "false" }).seedDemo).toBe(false);
  });

  it("runs named prepared statements unless DATABASE_PREPARED_STATEMENTS is false", () => {
    expect(load({}).databasePreparedStatements).toBe(true);
    expect(load({ DATABASE_PREPARED_STATEMENTS: "false" }).databasePreparedStatements).toBe(false);
    expect(() => load({ DATABASE_PREPARED_STATEMENTS: "maybe" })).toThrow(/DATABASE_PREPARED_STATEMENTS/);
  });
});
