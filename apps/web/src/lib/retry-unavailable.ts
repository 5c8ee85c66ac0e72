import type { AppRouter } from "@gallery/api/router";
import { retryLink, type TRPCClientError, type TRPCLink } from "@trpc/client";

/** A read turned away by a busy server (503) is asked again this many times before it shows as failed. */
export const UNAVAILABLE_RETRIES = 3;
/** The longest wait honoured from a Retry-After (a wrong or huge one must not hold a page for minutes). */
const RETRY_AFTER_MAX_MS = 10_000;
/** The wait when a 503 names none. */
const RETRY_AFTER_DEFAULT_MS = 1_000;

/**
 * The wait a 503 asks for, in ms (its Retry-After: seconds or a date, bounded); null for any other failure,
 * which is shown at once (a refusal does not change by asking again; no connection has its own message).
 */
export function retryAfterMs(error: TRPCClientError<AppRouter>, now = Date.now()): number | null {
  const response = error.meta?.response as Response | undefined;
  const status = error.data?.httpStatus ?? response?.status;
  if (status !== 503) return null;
  const header = response?.headers?.get("retry-after")?.trim();
  if (!header) return RETRY_AFTER_DEFAULT_MS;
  const ms = /^\d+$/.test(header) ? Number(header) * 1000 : Date.parse(header) - now;
  if (Number.isNaN(ms)) return RETRY_AFTER_DEFAULT_MS;
  return Math.min(Math.max(ms, 0), RETRY_AFTER_MAX_MS);
}

/**
 * Reads a busy server refused (503: turned away under load, plugins/external/under-pressure.ts) are asked again
 * after the Retry-After it sent, up to UNAVAILABLE_RETRIES times, before anything shows as failed: one refused read
 * of who is signed in drew a member's page as a visitor's. Changes are never repeated (one refused is shown).
 */
export function retryUnavailableLink(): TRPCLink<AppRouter> {
  // retryLink asks `retry` and then, at once, `retryDelayMs` for the same failure: the wait found by one is the other's.
  let wait = 0;
  return retryLink<AppRouter>({
    retry: ({ op, error, attempts }) => {
      if (op.type !== "query" || attempts > UNAVAILABLE_RETRIES) return false;
      const ms = retryAfterMs(error);
      if (ms === null) return false;
      wait = ms;
      return true;
    },
    retryDelayMs: () => wait,
  });
}
