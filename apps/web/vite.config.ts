import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";

const api = process.env.API_URL ?? "http://127.0.0.1:3000";

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // A .br and a .gz beside each built script, style and SVG (at the best settings, once per build): the api
    // serves them to clients that accept them (@fastify/static's preCompressed). Kept even when not smaller (a
    // file of a few bytes), so the api never compresses a built file per request. index.html is left out: the
    // api fills its head per page and compresses that answer itself.
    compression({
      algorithms: ["brotliCompress", "gzip"],
      exclude: [/\.html$/],
      skipIfLargerOrEqual: false,
      logLevel: "silent",
    }),
  ],
  server: {
    proxy: { "/api": api, "/trpc": api, "/images": api },
  },
  build: {
    target: "es2022",
    sourcemap: true,
    rollupOptions: {
      output: {
        // The libraries every page starts with, in one file: one request, and gzip sees them together.
        manualChunks: (id) =>
          /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?(react|react-dom|scheduler|@tanstack\/[^/]+|@trpc\/[^/]+)\//.test(
            id,
          )
            ? "vendor"
            : undefined,
      },
    },
  },
});
