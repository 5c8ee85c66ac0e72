import { TRPCClientError } from "@trpc/client";

interface ErrorData {
  httpStatus?: number;
  /** A refused input's messages by input field (the server's Zod issues, `trpc/init.ts`). */
  fieldErrors?: Record<string, string[] | undefined>;
}

const errorData = (error: unknown): ErrorData | undefined =>
  error instanceof TRPCClientError ? (error.data as ErrorData | undefined) : undefined;

/** The HTTP status the server answered with; 0 when there was no readable answer. */
const httpStatus = (error: unknown) => errorData(error)?.httpStatus ?? 0;

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

/** A tRPC error with HTTP status 400: the server refused the input (for a read: the address it came from). */
export function isBadRequest(error: unknown): boolean {
  return httpStatus(error) === 400;
}

/** The input fields a 400 answer names (its Zod field errors), each with its first message. */
export function refusedFields(error: unknown): Array<{ field: string; message: string }> {
  if (!isBadRequest(error)) return [];
  return Object.entries(errorData(error)?.fieldErrors ?? {}).flatMap(([field, messages]) =>
    messages?.[0] ? [{ field, message: messages[0] }] : [],
  );
}

export const SERVER_TROUBLE = "The server is having trouble — try again.";
export const NO_CONNECTION = "We could not reach the server. Check your connection and try again.";

/**
 * Why a read failed, in words a person understands (the second line under "... could not be loaded"):
 * no answer at all (fetch failed: offline, server gone), a server fault or overload (5xx, or an answer
 * that was not the app's, e.g. a proxy's error page), too many requests, or the server's own message
 * for a refused request.
 */
export function failureReason(error: unknown): string {
  const status = httpStatus(error);
  if (status === 0)
    return error instanceof TRPCClientError && error.cause instanceof TypeError ? NO_CONNECTION : SERVER_TROUBLE;
  if (status >= 500) return SERVER_TROUBLE;
  if (status === 429) return "Too many requests at once — wait a moment and try again.";
  if (status === 401) return "You are signed out. Sign in again to see this.";
  return serverMessage(error) ?? SERVER_TROUBLE;
}
