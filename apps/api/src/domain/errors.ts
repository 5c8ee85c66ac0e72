import { AGE_MESSAGES, API_TOKEN_MESSAGES } from "@gallery/schema";
import { unavailableMessage, unavailablePart } from "../services/unavailable.js";

/**
 * What the domain reports when a rule says no. Each edge maps these once: tRPC (trpc/init.ts) to its
 * error codes, REST (http/errors.ts) to HTTP statuses. The message is what a person reads.
 */
export class DomainError extends Error {
  override readonly name: string = "DomainError";
}

/** 404 / NOT_FOUND */
export class NotFoundError extends DomainError {
  override readonly name = "NotFoundError";
}

/** 403 / FORBIDDEN */
export class ForbiddenError extends DomainError {
  override readonly name = "ForbiddenError";
}

/**
 * 403 / FORBIDDEN: a listing the member's own safety settings hide (a blocked tag, NSFW under Hide); they may
 * ask to see it once. `reason` tells the web which.
 */
export class HiddenListingError extends ForbiddenError {
  constructor(readonly reason: "blocklist" | "nsfw" | "age") {
    super(
      reason === "blocklist"
        ? "This listing is hidden by your blocklist"
        : reason === "nsfw"
          ? "This listing is hidden by your NSFW setting (Hide)"
          : AGE_MESSAGES.listingHidden,
    );
  }
}

/** 409 / CONFLICT */
export class ConflictError extends DomainError {
  override readonly name = "ConflictError";
}

/** 429 / TOO_MANY_REQUESTS: a rule of the domain that counts (reports per reporter and hour). */
export class TooManyError extends DomainError {
  override readonly name = "TooManyError";
}

/** 400 / BAD_REQUEST: a value the rules refuse (validation of shapes happens at the edge). */
export class InvalidError extends DomainError {
  override readonly name = "InvalidError";
}

/** 401 / UNAUTHORIZED: not signed in, or the account is gone. The message is always "Unauthorized". */
export class UnauthorizedError extends DomainError {
  override readonly name: string = "UnauthorizedError";
  constructor() {
    super("Unauthorized");
  }
}

/** 401 / UNAUTHORIZED: a Bearer token that is wrong, tampered with, expired or revoked; says so, for a script's author. */
export class InvalidApiTokenError extends UnauthorizedError {
  override readonly name = "InvalidApiTokenError";
  constructor() {
    super();
    this.message = API_TOKEN_MESSAGES.invalidToken;
  }
}

/** 503 / SERVICE_UNAVAILABLE: a backing service is down; the client may retry. */
export class UnavailableError extends DomainError {
  override readonly name = "UnavailableError";
}

/**
 * The error as a backing service that is down (the database, object storage, the sign-in service): an
 * UnavailableError naming it, which each edge answers 503 with Retry-After; null for any other error. The one
 * place such failures become a domain error, so no edge restates the rule.
 */
export function asUnavailable(error: unknown): UnavailableError | null {
  if (error instanceof UnavailableError) return error;
  const part = unavailablePart(error);
  return part ? new UnavailableError(unavailableMessage(part), { cause: error }) : null;
}

/** 413 / PAYLOAD_TOO_LARGE */
export class TooLargeError extends DomainError {
  override readonly name = "TooLargeError";
}

/** The one message of a too large upload (spec: images under 5 MB). */
export const IMAGE_TOO_LARGE = "Image size must be less than 5MB.";

/** The one message of an unexpected error: what went wrong stays in the server's log, never in the answer. */
export const INTERNAL_ERROR = "Internal Server Error";

/** The answer for a listing that does not exist, or that the caller may not manage. */
export const LISTING_NOT_FOUND = "Chatbot not found";
