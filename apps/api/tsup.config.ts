import { defineConfig } from "tsup";

// One bundle for the server; workspace packages are TypeScript sources, so they are bundled in.
// The character card reader's thread is an entry of its own, beside server.js, where character-card.ts finds it.
export default defineConfig({
  entry: {
    server: "src/server.ts",
    "character-card-worker": "src/domain/listings/character-card-worker.ts",
    "cli/seed": "src/cli/seed.ts",
    "cli/roles": "src/cli/roles.ts",
  },
  format: ["esm"],
  platform: "node",
  target: "node20",
  outDir: "dist",
  clean: true,
  sourcemap: true,
  noExternal: [/^@gallery\//],
  // The workspace packages' own dependencies stay external (they are dependencies of this package too):
  // PGlite loads its extension bundles relative to its own files.
  external: ["@electric-sql/pglite", "@electric-sql/pglite-socket", "pg", "kysely", "proper-lockfile", "zod"],
});
