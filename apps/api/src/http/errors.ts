import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { answerOf, errorBody, fieldOf, UNSTORABLE_TEXT } from "../calls/error-body.js";
import { asUnavailable, DomainError, IMAGE_TOO_LARGE, INTERNAL_ERROR } from "../domain/errors.js";
import { ONE_FILE_PER_REQUEST } from "../domain/upload.js";
import { isInvalidValue } from "../services/unavailable.js";
import { MULTIPART_LIMITS } from "./request.js";

/** Seconds a client should wait before trying again after a 503. */
export const RETRY_AFTER_SECONDS = "5";

/** The one answer to a JSON body over the limit (REST and /trpc alike). */
export const BODY_TOO_LARGE = "Request body too large";

/** How much of a refused body is read and dropped to keep its connection; a larger one ends the connection. */
export const DISCARD_MAX_BYTES = 16 * 1024 * 1024;

/**
 * Fastify refuses a body over its limit with `Connection: close`, and a socket closed with unread bytes makes the
 * kernel send a reset that can destroy the 413 before the client reads it. So the rest of the body is read and
 * dropped (up to DISCARD_MAX_BYTES) and the connection stays open for the next request. Also used by /trpc for a
 * FormData body refused over its bound.
 */
export function discardRestOfBody(request: FastifyRequest, reply: FastifyReply) {
  const raw = request.raw;
  if (raw.complete || Number(request.headers["content-length"]) > DISCARD_MAX_BYTES) return;
  reply.removeHeader("connection");
  let discarded = 0;
  raw.on("data", (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DISCARD_MAX_BYTES) raw.socket?.destroy();
  });
  raw.resume();
}

/** Answers an error as `{ message, code }`: 503 naming a backing service that is down, no internals for a 500. */
export function sendError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // The client went away while its answer was being sent (a compressed stream cut short): no one to answer.
  if (error.code === "ERR_STREAM_PREMATURE_CLOSE" && request.raw.destroyed) {
    request.log.debug({ err: error }, "client went away");
    return;
  }
  if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
    discardRestOfBody(request, reply);
    return reply.status(413).send(errorBody(413, BODY_TOO_LARGE));
  }
  const unavailable = asUnavailable(error);
  if (unavailable) {
    request.log.warn({ err: error }, unavailable.message);
    return reply.status(503).send(errorBody(503, unavailable.message));
  }
  // A rule that says no on a hand-written route (a bad API token on /images or /go): its status and message.
  if (error instanceof DomainError) {
    const status = statusOf(error);
    return reply.status(status).send(errorBody(status, error.message, { error }));
  }
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    // The stack goes to the log only: an answer never carries internals (stack frames, paths, queries).
    request.log.error({ err: error }, "request failed");
    return reply.status(status).send(errorBody(status, INTERNAL_ERROR));
  }
  return reply.status(status).send(errorBody(status, error.message));
}

/** A domain error's HTTP status (calls/error-body.ts holds the one table for both transports). */
export function statusOf(error: DomainError): number {
  return answerOf(error)?.status ?? 500;
}

/** @fastify/multipart's own errors (its limits, a broken form) in words a person reads, never the library's. */
const MULTIPART_ERRORS = new Map<string, [status: number, message: string]>([
  ["FST_REQ_FILE_TOO_LARGE", [413, IMAGE_TOO_LARGE]],
  ["FST_FILES_LIMIT", [400, ONE_FILE_PER_REQUEST]],
  ["FST_FIELDS_LIMIT", [413, `Too many form fields: at most ${MULTIPART_LIMITS.fields} may be sent`]],
  ["FST_PARTS_LIMIT", [413, `Too many form parts: at most ${MULTIPART_LIMITS.parts} may be sent`]],
  ["FST_PROTO_VIOLATION", [400, "A form field has a name that is not allowed"]],
  ["FST_MP_PREMATURE_CLOSE", [400, "The form ended before it was complete"]],
  ["FST_INVALID_MULTIPART_CONTENT_TYPE", [415, "Expected a multipart/form-data body"]],
  // A text field sent as application/json that is not JSON (the library answers 406; found by the form fuzz test).
  ["FST_INVALID_JSON_FIELD_ERROR", [400, "A form field declared as JSON is not valid JSON"]],
]);

/**
 * Every REST error as a status and `{ message, code }` (errorBody): the first validation issue's message and its
 * `field` for input the route schema refuses, the domain's own message for a rule that says no (a 401 says Unauthorized, or
 * "Invalid or expired API token"), the multipart limits in words (413 with the image message for an upload over 5 MB);
 * the rest (413 for a JSON body over the limit, 503 naming a service that is down, 500 without internals)
 * as everywhere else.
 */
export function sendHttpError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    // The path within its part (body, query string or path parameters), as `/socialMedia/twitterUrl`.
    const field = fieldOf((first?.instancePath ?? "").split("/").filter(Boolean));
    return reply.status(400).send(errorBody(400, first?.message ?? "Invalid input", { field }));
  }
  if (error instanceof DomainError) {
    const status = statusOf(error);
    if (status >= 500) request.log.warn({ err: error }, "service unavailable");
    // A 401 says Unauthorized (UnauthorizedError's one message), or that the API token is not valid.
    return reply.status(status).send(errorBody(status, error.message, { error }));
  }
  const multipart = MULTIPART_ERRORS.get(error.code);
  if (multipart) return reply.status(multipart[0]).send(errorBody(multipart[0], multipart[1]));
  if (isInvalidValue(error)) {
    return reply.status(400).send(errorBody(400, UNSTORABLE_TEXT));
  }
  return sendError(error, request, reply);
}

export { type ErrorBody, errorBody } from "../calls/error-body.js";
