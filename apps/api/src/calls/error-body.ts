import { type ErrorCode, errorCodeOf } from "@gallery/schema";
import { InvalidApiTokenError } from "../domain/errors.js";

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
