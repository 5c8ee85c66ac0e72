import { createRequire } from "node:module";
import type { FastifyServerOptions } from "fastify";
import type { Config } from "./config.js";

/** pino-pretty's file, or undefined where it is not installed (it is a dev dependency: never in the image). */
function prettyPrinter(): string | undefined {
  try {
    return createRequire(import.meta.url).resolve("pino-pretty");
  } catch {
    return undefined;
  }
}

/**
 * Credentials never reach a log line: the default request serializer logs no headers, and these paths are
 * censored wherever a header object is logged anyway (an API token's secret, the session cookie).
 */
export const REDACTED_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  'res.headers["set-cookie"]',
  "headers.authorization",
  "headers.cookie",
];

/**
 * Readable lines for a person at a terminal in development (`pnpm dev`); one JSON object a line everywhere
 * else (production, a pipe, a log collector, tests), which is what log tools read.
 */
export function loggerOptions(
  config: Pick<Config, "env" | "logLevel">,
  stdoutIsTerminal = Boolean(process.stdout.isTTY),
  printer = prettyPrinter,
): NonNullable<FastifyServerOptions["logger"]> {
  const target = config.env === "development" && stdoutIsTerminal ? printer() : undefined;
  const redact = { paths: REDACTED_PATHS, censor: "[redacted]" };
  if (!target) return { level: config.logLevel, redact };
  // A worker thread formats the lines; the path, not the name, since pino resolves names from its own folder.
  return {
    level: config.logLevel,
    redact,
    transport: { target, options: { translateTime: "HH:MM:ss.l", ignore: "pid,hostname" } },
  };
}
