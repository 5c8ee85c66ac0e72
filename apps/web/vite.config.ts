import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";

const api = process.env.API_URL ?? "http://127.0.0.1:3000";

const FIRST_PAINT_LIBRARIES =
  /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?(react|react-dom|scheduler|@tanstack\/[^/]+|@trpc\/[^/]+|clsx|tailwind-merge|class-variance-authority|@radix-ui\/react-slot|@radix-ui\/react-compose-refs)\//;
const FIRST_PAINT_HELPERS =
  /(lucide-react\/dist\/esm\/((?!icons\/)|icons\/(heart|shield-check|compass)\.mjs$)|packages\/ui\/src\/(button|cn|card|badge|skeleton)\.tsx?$|packages\/schema\/src\/(display|listing-path)\.ts$)/;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    // A .br and a .gz beside each built script, style and SVG (at the best settings, once per build): the api
    // serves them to clients that accept them (@fastify/static's preCompressed). Kept even when not smaller (a
    // file of a few bytes), so the api never compresses a built file per request. index.html is left out: the
    // api fills its head per page and compresses that answer itself.
    !isSsrBuild &&
      compression({
        algorithms: ["brotliCompress", "gzip"],
        exclude: [/\.html$/],
        skipIfLargerOrEqual: false,
        logLevel: "silent",
      }),
  ],
  // The first-screen drawer the api imports (the build's second step, `vite build --ssr src/entry-server.tsx`):
  // one file with every library in it, so the api's runtime needs none of the web's packages.
  ssr: { noExternal: true },
  // React's production build in the drawer whatever NODE_ENV the api runs with (the development build draws
  // several times slower and checks what the browser's build does not).
  define: isSsrBuild ? { "process.env.NODE_ENV": JSON.stringify("production") } : {},
  publicDir: isSsrBuild ? false : "public",
  server: {
    // The feeds are the api's documents too (the pages' "Follow via feed" links).
    proxy: { "/api": api, "/trpc": api, "/images": api, "/feeds": api },
  },
  build: isSsrBuild
    ? { outDir: "dist/server", target: "node20", sourcemap: true }
    : {
        target: "es2022",
        sourcemap: true,
        // Which built files each page needs (.vite/manifest.json): the api preloads a page's code from its head.
        manifest: true,
        rolldownOptions: {
          // Entry signatures are not kept (nothing imports the built entry), as inlining common chunks requires.
          preserveEntrySignatures: false,
          output: {
            codeSplitting: {
              groups: [
                // What every page starts with, in one file: one request, and gzip sees it all together. The
                // libraries, and the button, class-name and icon helpers each page's first paint uses (small
                // files of their own otherwise, each compressed apart) ...
                {
                  name: "vendor",
                  priority: 2,
                  test: (id) => FIRST_PAINT_LIBRARIES.test(id) || FIRST_PAINT_HELPERS.test(id),
                },
                // ... and whatever else the entry imports (toasts, error helpers).
                { name: "vendor", priority: 1, tags: ["$initial"] },
              ],
              // The small modules two pages share (a badge, a text table, an icon) are copied into each page's
              // file rather than made files of their own: a listing page's first visit fetched 31 files, and over
              // HTTP/1.1's six connections each further six cost a phone a round trip (docs/performance.md).
              experimentalInlineCommonChunks: { maxSize: 30_000 },
            },
          },
        },
      },
}));
