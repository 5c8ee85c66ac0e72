import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ZodError } from "zod";
import { createContext } from "../plugins/app/current-user.js";
import { sendError } from "../plugins/app/errors.js";
import { createCaller } from "../trpc/router.js";
import type { UploadedFile } from "../trpc/upload.js";

/** The procedures, called in-process as the requesting user. */
export async function callerFor(request: FastifyRequest, reply: FastifyReply) {
  return createCaller(await createContext(request, reply));
}

export interface MultipartForm {
  fields: Record<string, string>;
  file: UploadedFile | undefined;
}

/** Reads a multipart body whole: text fields plus at most one file (size limited by the multipart plugin). */
export async function readMultipart(request: FastifyRequest): Promise<MultipartForm> {
  if (!request.isMultipart()) {
    throw new TRPCError({ code: "UNSUPPORTED_MEDIA_TYPE", message: "Expected a multipart/form-data body" });
  }
  const fields: Record<string, string> = {};
  let file: UploadedFile | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        const buffer = await part.toBuffer();
        // An empty file input still sends a part; treat it as "no new image".
        if (buffer.length > 0) file = { buffer, filename: part.filename, mimetype: part.mimetype };
      } else {
        fields[part.fieldname] = typeof part.value === "string" ? part.value : String(part.value);
      }
    }
  } catch (error) {
    // Size limits keep their own status (413); a body the parser cannot read is the client's mistake.
    if ((error as { statusCode?: number }).statusCode) throw error;
    throw new TRPCError({ code: "BAD_REQUEST", message: "Malformed multipart body", cause: error });
  }
  return { fields, file };
}

/** Maps procedure and HTTP errors to a status and `{ message }`. A 401 body always says Unauthorized. */
export function registerRestErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | TRPCError | ZodError, request, reply) => {
    if (error instanceof TRPCError) {
      const status = getHTTPStatusCodeFromError(error);
      if (status >= 500) request.log.error({ err: error.cause ?? error }, "procedure failed");
      return reply.status(status).send({ message: messageOf(error) });
    }
    if (error instanceof ZodError) {
      return reply.status(400).send({ message: error.issues[0]?.message ?? "Invalid input" });
    }
    if (error.code === "FST_REQ_FILE_TOO_LARGE") {
      return reply.status(413).send({ message: "Image size must be less than 5MB." });
    }
    return sendError(error, request, reply);
  });
}

function messageOf(error: TRPCError): string {
  if (error.cause instanceof ZodError) return error.cause.issues[0]?.message ?? "Invalid input";
  if (error.code === "UNAUTHORIZED") return "Unauthorized";
  if (error.code === "INTERNAL_SERVER_ERROR") return "Internal Server Error";
  return error.message;
}
