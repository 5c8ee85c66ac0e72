// Vitest globalSetup: PostgreSQL and the Firebase Auth emulator, started once per run (in parallel)
// and handed to every project's tests with provide/inject (see apps/api/test/support/services.ts).
// Already running ones are used instead when TEST_DATABASE_URL / FIREBASE_AUTH_EMULATOR_HOST are set.
// Without PostgreSQL installed, databaseUrl is null and the api tests run on embedded PGlite.
// For the api projects it also migrates, once, the databases their test apps start from as copies
// (apps/api/test/support/migrated-databases.ts): an embedded one beside the services' start, then a template
// database on PostgreSQL.
import type { TestProject } from "vitest/node";
import { makeEmbeddedSnapshot, makeTemplateDatabase } from "./apps/api/test/support/migrated-databases.js";
import "./apps/api/test/support/provided-context.js";
// @ts-expect-error: JavaScript helpers shared with scripts/start.mjs and Playwright
import { PROJECT_ID, startAuthEmulator } from "./scripts/lib/auth-emulator.mjs";
// @ts-expect-error: see above
import { startThrowawayPostgres } from "./scripts/lib/postgres.mjs";

type Service = { stop(): Promise<void> };

/** The api's tests (on PostgreSQL and embedded) are in this run: they start from migrated copies. */
const runsApiTests = (project: TestProject) => project.vitest.projects.some((p) => p.name.startsWith("api"));

export default async function setup(project: TestProject) {
  const started: Service[] = [];
  const timed = async <T>(name: string, start: () => Promise<T>) => {
    const t0 = performance.now();
    const value = await start();
    console.log(`${name} ready after ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    return value;
  };
  const apiTests = runsApiTests(project);
  const [emulator, postgres, snapshot] = await Promise.allSettled([
    process.env.FIREBASE_AUTH_EMULATOR_HOST
      ? { host: process.env.FIREBASE_AUTH_EMULATOR_HOST }
      : timed("Auth emulator", () => startAuthEmulator()),
    (async () => {
      const server = process.env.TEST_DATABASE_URL
        ? { url: process.env.TEST_DATABASE_URL as string }
        : await timed("PostgreSQL", startThrowawayPostgres);
      if (server && "stop" in server) started.push(server);
      const template =
        server && apiTests ? await timed("template database", () => makeTemplateDatabase(server.url)) : null;
      return { url: (server?.url as string | undefined) ?? null, template };
    })(),
    apiTests ? timed("embedded snapshot", makeEmbeddedSnapshot) : null,
  ]);
  if (emulator.status === "fulfilled" && "stop" in emulator.value) started.push(emulator.value);
  const teardown = async () => {
    await Promise.all(started.map((service) => service.stop()));
    if (snapshot.status === "fulfilled") snapshot.value?.remove();
  };
  if (emulator.status === "rejected" || postgres.status === "rejected" || snapshot.status === "rejected") {
    await teardown();
    throw [emulator, postgres, snapshot].flatMap((result) => (result.status === "rejected" ? [result.reason] : []))[0];
  }
  project.provide("authEmulatorHost", emulator.value.host);
  project.provide("firebaseProjectId", process.env.FIREBASE_PROJECT_ID || PROJECT_ID);
  project.provide("databaseUrl", postgres.value.url);
  project.provide("databaseTemplate", postgres.value.template);
  project.provide("embeddedSnapshotDir", snapshot.value?.dataDir ?? null);
  return teardown;
}
