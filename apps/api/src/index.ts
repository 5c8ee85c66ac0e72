export { buildApp } from "./app";
export { type Config, loadConfig } from "./config";
export type { AppRouter } from "./trpc/router";
