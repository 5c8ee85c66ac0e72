import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const api = process.env.API_URL ?? "http://127.0.0.1:3000";

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
          /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?(react|react-dom|scheduler|@tanstack\/[^/]+|@trpc\/[^/]+|sonner)\//.test(
            id,
          )
            ? "vendor"
            : undefined,
      },
    },
  },
});
