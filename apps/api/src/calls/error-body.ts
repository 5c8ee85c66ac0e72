import { type ErrorCode, errorCodeOf } from "@gallery/schema";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";
import {
  ConflictError,
  type DomainError,
  ForbiddenError,
  InvalidApiTokenError,
  InvalidError,
  NotFoundError,
  TooLargeError,
  TooManyError,
  UnauthorizedError,
  UnavailableError,
} from "../domain/errors.js";

/** The one table from domain errors to what each transport answers: REST's status (http/errors.ts), tRPC's code (trpc/errors.ts). */
const DOMAIN_ERRORS: ReadonlyArray<[new (...args: never[]) => DomainError, number, TRPC_ERROR_CODE_KEY]> = [
  [InvalidError, 400, "BAD_REQUEST"],
  [UnauthorizedError, 401, "UNAUTHORIZED"],
  [ForbiddenError, 403, "FORBIDDEN"],
  [NotFoundError, 404, "NOT_FOUND"],
  [ConflictError, 409, "CONFLICT"],
  [TooLargeError, 413, "PAYLOAD_TOO_LARGE"],
  [TooManyError, 429, "TOO_MANY_REQUESTS"],
  [UnavailableError, 503, "SERVICE_UNAVAILABLE"],
];

/** A domain error's HTTP status and tRPC code; undefined for anything else. */
export function answerOf(error: DomainError): { status: number; code: TRPC_ERROR_CODE_KEY } | undefined {
  const row = DOMAIN_ERRORS.find(([type]) => error instanceof type);
  return row && { status: row[1], code: row[2] };
}

/** The answer to text the database cannot store (a NUL byte, a lone surrogate), on both transports. */
export const UNSTORABLE_TEXT = "The text contains characters that cannot be stored";

/** Every error answer's body (the Error schema of http/docs.ts; tRPC's error data
 * carries the same code and field, trpc/init.ts): what a person reads, and what a program branches on. */
export interface ErrorBody {
  message: string;
  code: ErrorCode;
  /** For input refused by its schema: the path of the value that is wrong (`title`, `socialMedia.twitter`). */
  field?: string;
}

/** The body of an error answer with this status (a 401 for a bad API token says so in its code). */
export function errorBody(status: number, message: string, details: { error?: unknown; field?: string } = {}) {
  const code: ErrorCode = details.error instanceof InvalidApiTokenError ? "invalid_token" : errorCodeOf(status);
  const body: ErrorBody = { message, code };
  if (details.field) body.field = details.field;
  return body;
}

/** A Zod issue's path as one field name (`socialMedia.twitter`, `tags.2`); undefined for the input as a whole. */
export function fieldOf(path: ReadonlyArray<PropertyKey>): string | undefined {
  return path.length > 0 ? path.map(String).join(".") : undefined;
}
