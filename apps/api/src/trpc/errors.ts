import { TRPCError } from "@trpc/server";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";
import {
  asUnavailable,
  ConflictError,
  type DomainError,
  ForbiddenError,
  InvalidError,
  NotFoundError,
  TooLargeError,
  TooManyError,
  UnauthorizedError,
  UnavailableError,
} from "../domain/errors.js";
import { isInvalidValue } from "../services/unavailable.js";

/** The one table from domain errors to tRPC codes. */
const DOMAIN_CODES: Array<[new (...args: never[]) => DomainError, TRPC_ERROR_CODE_KEY]> = [
  [NotFoundError, "NOT_FOUND"],
  [ForbiddenError, "FORBIDDEN"],
  [ConflictError, "CONFLICT"],
  [InvalidError, "BAD_REQUEST"],
  [UnauthorizedError, "UNAUTHORIZED"],
  [UnavailableError, "SERVICE_UNAVAILABLE"],
  [TooLargeError, "PAYLOAD_TOO_LARGE"],
  [TooManyError, "TOO_MANY_REQUESTS"],
];

/**
 * A domain error (a backing service that is down is one: asUnavailable) or a value the database refuses, as a
 * TRPCError; else null.
 */
export function toTRPCError(error: unknown): TRPCError | null {
  const cause = error instanceof TRPCError ? (error.cause ?? error) : error;
  const domain = asUnavailable(cause) ?? cause;
  for (const [type, code] of DOMAIN_CODES) {
    if (domain instanceof type) return new TRPCError({ code, message: domain.message, cause: domain });
  }
  if (isInvalidValue(cause)) {
    return new TRPCError({
      code: "BAD_REQUEST",
      message: "The text contains characters that cannot be stored",
      cause: error,
    });
  }
  return null;
}
