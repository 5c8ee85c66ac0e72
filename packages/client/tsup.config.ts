import { defineConfig } from "tsup";

// The published package: ES modules and bundled declaration files (rollup-plugin-dts underneath). The main
// entry's declarations import only openapi-fetch's; `router` (AppRouter) imports @trpc/server's.
export default defineConfig({
  entry: { index: "src/index.ts", router: "src/router.ts" },
  format: ["esm"],
  platform: "neutral",
  target: "es2022",
  outDir: "dist",
  clean: true,
  dts: true,
});
