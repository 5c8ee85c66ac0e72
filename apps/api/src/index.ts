export { buildApp } from "./app.js";
export { type Config, loadConfig } from "./config.js";
export type { AppRouter } from "./trpc/router.js";
