import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  IMAGE_TOO_LARGE,
  InvalidError,
  NotFoundError,
  TooLargeError,
  UnauthorizedError,
  UnavailableError,
} from "../domain/errors.js";
import { ONE_FILE_PER_REQUEST } from "../domain/upload.js";
import { sendError } from "../plugins/app/errors.js";
import { MULTIPART_LIMITS } from "../plugins/external/multipart.js";
import { isInvalidValue } from "../services/unavailable.js";

/** The one table from domain errors to HTTP statuses (tRPC has its own in trpc/init.ts). */
const STATUS_OF: ReadonlyArray<[new (...args: never[]) => DomainError, number]> = [
  [InvalidError, 400],
  [UnauthorizedError, 401],
  [ForbiddenError, 403],
  [NotFoundError, 404],
  [ConflictError, 409],
  [TooLargeError, 413],
  [UnavailableError, 503],
];

export function statusOf(error: DomainError): number {
  return STATUS_OF.find(([type]) => error instanceof type)?.[1] ?? 500;
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
]);

/**
 * Every REST error as a status and `{ message }`: the first validation issue's message for input the
 * route schema refuses, the domain's own message for a rule that says no (a 401 always says
 * Unauthorized), the multipart limits in words (413 with the image message for an upload over 5 MB);
 * the rest (413 for a JSON body over the limit, 503 naming a service that is down, 500 without internals)
 * as everywhere else.
 */
export function sendHttpError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(error)) {
    return reply.status(400).send({ message: error.validation[0]?.message ?? "Invalid input" });
  }
  if (error instanceof DomainError) {
    const status = statusOf(error);
    if (status >= 500) request.log.warn({ err: error }, "service unavailable");
    return reply.status(status).send({ message: status === 401 ? "Unauthorized" : error.message });
  }
  const multipart = MULTIPART_ERRORS.get(error.code);
  if (multipart) return reply.status(multipart[0]).send({ message: multipart[1] });
  if (isInvalidValue(error)) {
    return reply.status(400).send({ message: "The text contains characters that cannot be stored" });
  }
  return sendError(error, request, reply);
}
