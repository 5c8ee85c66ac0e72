// The `test` API test files use: vitest's, plus one app per test file on a fresh database.
//   import { test } from "./support/fixtures.js";
//   test("lists", async ({ app }) => { ... });
//   test.override("appEnv", { REQUIRE_APPROVAL: "true" }); // at the top of a file that needs other settings
// The app is built when a file first asks for it (a test or a `test.beforeAll`) and closed after its last test.
import { test as base } from "vitest";
import { createTestApp } from "./app.js";

export const test = base
  /** Extra environment for this file's app (merged over createTestApp's defaults). */
  .extend("appEnv", { scope: "file" }, {} as Record<string, string>)
  /** The app and its config, closed (database dropped, files removed) when the file is done. */
  .extend("harness", { scope: "file" }, async ({ appEnv }, { onCleanup }) => {
    const harness = await createTestApp(appEnv);
    onCleanup(() => harness.close());
    return harness;
  })
  .extend("app", { scope: "file" }, ({ harness }) => harness.app);

export { expect } from "vitest";
