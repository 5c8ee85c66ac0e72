import { TRPCError } from "@trpc/server";
import { answerOf, UNSTORABLE_TEXT } from "../calls/error-body.js";
import { asUnavailable, DomainError } from "../domain/errors.js";
import { isInvalidValue } from "../services/unavailable.js";

/**
 * A domain error (a backing service that is down is one: asUnavailable) or a value the database refuses, as a
 * TRPCError; else null.
 */
export function toTRPCError(error: unknown): TRPCError | null {
  const cause = error instanceof TRPCError ? (error.cause ?? error) : error;
  const domain = asUnavailable(cause) ?? cause;
  const answer = domain instanceof DomainError && answerOf(domain);
  if (answer) return new TRPCError({ code: answer.code, message: domain.message, cause: domain });
  if (isInvalidValue(cause)) {
    return new TRPCError({
      code: "BAD_REQUEST",
      message: UNSTORABLE_TEXT,
      cause: error,
    });
  }
  return null;
}
