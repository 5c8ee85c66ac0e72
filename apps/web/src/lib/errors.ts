import { TRPCClientError } from "@trpc/client";

const httpStatus = (error: unknown) =>
  error instanceof TRPCClientError ? ((error.data as { httpStatus?: number } | undefined)?.httpStatus ?? 0) : 0;

/** An expired or missing session: a tRPC error with HTTP status 401. */
export function isUnauthorized(error: unknown): boolean {
  return httpStatus(error) === 401;
}

/** A tRPC error with HTTP status 403: the server refuses this caller (e.g. an account waiting for approval). */
export function isForbidden(error: unknown): boolean {
  return httpStatus(error) === 403;
}

/** A tRPC error with HTTP status 404 (or 400 for a malformed id): the thing asked for is not there. */
export function isNotFound(error: unknown): boolean {
  const status = httpStatus(error);
  return status === 404 || status === 400;
}

/**
 * The server's own message for a refused request (a 4xx answer, e.g. a validation message), or null
 * for anything else (a server fault, no answer at all).
 */
export function serverMessage(error: unknown): string | null {
  const status = httpStatus(error);
  return status >= 400 && status < 500 && (error as Error).message ? (error as Error).message : null;
}
