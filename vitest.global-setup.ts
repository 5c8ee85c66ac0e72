// Vitest globalSetup: PostgreSQL and the Firebase Auth emulator, started once per run (in parallel)
// and handed to every project's tests with provide/inject (see apps/api/test/support/services.ts).
// Already running ones are used instead when TEST_DATABASE_URL / FIREBASE_AUTH_EMULATOR_HOST are set.
// Without PostgreSQL installed, databaseUrl is null and the api tests run on embedded PGlite.
import type { TestProject } from "vitest/node";
// @ts-expect-error: JavaScript helpers shared with scripts/start.mjs and Playwright
import { PROJECT_ID, startAuthEmulator } from "./scripts/lib/auth-emulator.mjs";
// @ts-expect-error: see above
import { startThrowawayPostgres } from "./scripts/lib/postgres.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** host:port of the Firebase Auth emulator. */
    authEmulatorHost: string;
    firebaseProjectId: string;
    /** A PostgreSQL role that may CREATE DATABASE (each test app makes its own), or null for PGlite. */
    databaseUrl: string | null;
  }
}

type Service = { stop(): Promise<void> };

export default async function setup(project: TestProject) {
  const started: Service[] = [];
  const timed = async <T>(name: string, start: () => Promise<T>) => {
    const t0 = performance.now();
    const value = await start();
    console.log(`${name} ready after ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    return value;
  };
  const [emulator, postgres] = await Promise.allSettled([
    process.env.FIREBASE_AUTH_EMULATOR_HOST
      ? { host: process.env.FIREBASE_AUTH_EMULATOR_HOST }
      : timed("Auth emulator", () => startAuthEmulator()),
    process.env.TEST_DATABASE_URL
      ? { url: process.env.TEST_DATABASE_URL }
      : timed("PostgreSQL", startThrowawayPostgres),
  ]);
  for (const result of [emulator, postgres]) {
    if (result.status === "fulfilled" && result.value && "stop" in result.value) started.push(result.value);
  }
  const teardown = async () => {
    await Promise.all(started.map((service) => service.stop()));
  };
  if (emulator.status === "rejected" || postgres.status === "rejected") {
    await teardown();
    throw emulator.status === "rejected" ? emulator.reason : (postgres as PromiseRejectedResult).reason;
  }
  project.provide("authEmulatorHost", emulator.value.host);
  project.provide("firebaseProjectId", process.env.FIREBASE_PROJECT_ID || PROJECT_ID);
  project.provide("databaseUrl", postgres.value?.url ?? null);
  return teardown;
}
