/**
 * The machine-readable `code` of every error answer, one list for REST (the body's `code`) and tRPC (the error's
 * `data.errorCode`; tRPC's own `data.code` is its TRPC_ERROR_CODE_KEY), each with the HTTP status it comes with.
 * A client branches on the code; the message is for a person to read.
 */
export const ERROR_CODES = {
  /** 400: the input is refused; for a value that fails its schema, `field` names it (a path: `socialMedia.twitter`). */
  invalid_input: 400,
  /** 401: not signed in, or the session has ended ("Unauthorized"). */
  unauthorized: 401,
  /** 401: a Bearer token that is malformed, wrong, expired or revoked ("Invalid or expired API token"). */
  invalid_token: 401,
  /** 403: signed in (or a token) but not allowed: a role, ownership, a token's scope, a cross-origin write. */
  forbidden: 403,
  /** 404: no such thing, or not visible to the caller. */
  not_found: 404,
  /** 409: conflicts with the current state (a nickname taken, an image job already running). */
  conflict: 409,
  /** 413: the body or the image is too large. */
  payload_too_large: 413,
  /** 415: the body's Content-Type is not the one the call takes (JSON, or multipart/form-data for an upload). */
  unsupported_media_type: 415,
  /** 429: over a rate limit; Retry-After says when to try again. */
  rate_limited: 429,
  /** 500: the work failed; what failed is in the server's log, never in the answer. */
  internal_error: 500,
  /** 503: the database, object storage or the server itself is unavailable for a moment; Retry-After says when. */
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The code an error status carries when nothing more specific is known. */
export function errorCodeOf(status: number): ErrorCode {
  switch (status) {
    case 401:
      return "unauthorized";
    case 403:
      return "forbidden";
    case 404:
      return "not_found";
    case 409:
      return "conflict";
    case 413:
      return "payload_too_large";
    case 415:
      return "unsupported_media_type";
    case 429:
      return "rate_limited";
    case 503:
      return "unavailable";
    default:
      return status >= 500 ? "internal_error" : "invalid_input";
  }
}
