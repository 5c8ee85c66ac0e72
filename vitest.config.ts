import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type TestProjectConfiguration } from "vitest/config";

// `pnpm test:unit` / `vitest run` at the root runs every workspace package's tests as one run.
// A package with its own vitest.config.ts is a project as it stands; a package without one but with
// test files gets a plain Node project, so adding a test never needs a config first. Playwright
// specs (e2e/) belong to no project.
const root = path.dirname(fileURLToPath(import.meta.url));
const CONFIG_NAMES = ["vitest.config.ts", "vitest.config.mts", "vitest.config.js", "vitest.config.mjs"];

function hasTests(dir: string): boolean {
  if (!existsSync(dir)) return false;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist") continue;
    if (entry.isDirectory() ? hasTests(path.join(dir, entry.name)) : /\.test\.tsx?$/.test(entry.name)) return true;
  }
  return false;
}

const projects: TestProjectConfiguration[] = ["apps", "packages"].flatMap((group) => {
  const groupDir = path.join(root, group);
  if (!existsSync(groupDir)) return [];
  return readdirSync(groupDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry): TestProjectConfiguration[] => {
      const dir = path.join(groupDir, entry.name);
      const config = CONFIG_NAMES.find((name) => existsSync(path.join(dir, name)));
      if (config) return [`${group}/${entry.name}/${config}`];
      if (!hasTests(path.join(dir, "src")) && !hasTests(path.join(dir, "test"))) return [];
      return [
        {
          test: {
            name: entry.name,
            root: dir,
            environment: "node" as const,
            include: ["src/**/*.test.ts", "test/**/*.test.ts"],
            testTimeout: 30_000,
            hookTimeout: 60_000,
          },
        },
      ];
    });
});

export default defineConfig({
  test: {
    projects,
    // Two cores: at most two test files at a time across all projects.
    maxWorkers: 2,
  },
});
