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
import { sendError } from "../plugins/app/errors.js";
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

/**
 * Every REST error as a status and `{ message }`: the first validation issue's message for input the
 * route schema refuses, the domain's own message for a rule that says no (a 401 always says
 * Unauthorized), 413 with the image message for an upload over 5 MB; the rest (503 naming a service
 * that is down, 500 without internals) as everywhere else.
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
  if (error.code === "FST_REQ_FILE_TOO_LARGE") return reply.status(413).send({ message: IMAGE_TOO_LARGE });
  if (isInvalidValue(error)) {
    return reply.status(400).send({ message: "The text contains characters that cannot be stored" });
  }
  return sendError(error, request, reply);
}
