import { defineConfig } from "tsup";

// One bundle for the server; workspace packages are TypeScript sources, so they are bundled in.
export default defineConfig({
  entry: { server: "src/server.ts", "cli/seed": "src/cli/seed.ts", "cli/roles": "src/cli/roles.ts" },
  format: ["esm"],
  platform: "node",
  target: "node20",
  outDir: "dist",
  clean: true,
  sourcemap: true,
  noExternal: [/^@gallery\//],
  banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
});
