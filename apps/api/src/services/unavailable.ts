import { DatabaseUnavailableError } from "@gallery/db";
import { IdentityUnavailableError } from "./identity.js";
import { ObjectStorageUnavailableError } from "./storage.js";

/** PostgreSQL connection-level failures: admin shutdown, cannot connect, connection lost, too many clients. */
const DATABASE_CODES = new Set(["57P01", "57P02", "57P03", "08000", "08001", "08003", "08004", "08006", "53300"]);
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH"]);
const DATABASE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|connection error|Client was closed/i;

/**
 * Which backing service an error says is down, if any. Object storage errors are translated at
 * the source, so any other connection failure comes from the database.
 */
export function unavailablePart(error: unknown): "database" | "object storage" | "sign-in service" | null {
  for (let current = error, depth = 0; current && depth < 8; current = (current as Error).cause, depth++) {
    if (current instanceof ObjectStorageUnavailableError) return "object storage";
    if (current instanceof IdentityUnavailableError) return "sign-in service";
    if (current instanceof DatabaseUnavailableError) return "database";
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && (DATABASE_CODES.has(code) || NETWORK_CODES.has(code))) return "database";
    if (current instanceof Error && DATABASE_MESSAGES.test(current.message)) return "database";
  }
  return null;
}

export const unavailableMessage = (part: string) => `The ${part} is temporarily unavailable. Please try again shortly.`;

/** PostgreSQL refused a value (class 22, data exception: e.g. a NUL character in text). */
export function isInvalidValue(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 8; current = (current as Error).cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^22[0-9A-Z]{3}$/.test(code)) return true;
  }
  return false;
}
