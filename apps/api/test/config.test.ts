// Settings whose parsing decides who is trusted: the proxies (TRUST_PROXY) and where the browser finds the emulator.
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
