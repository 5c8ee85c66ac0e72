import multipart from "@fastify/multipart";
import { IMAGE_MAX_BYTES } from "@gallery/schema";
import fp from "fastify-plugin";

/**
 * What one multipart request may carry: a file of at most 5 MB (a second file part is let through only so the
 * reader can say which rule it breaks: one file per field, one per request) and a few text fields.
 */
export const MULTIPART_LIMITS = { fileSize: IMAGE_MAX_BYTES, files: 2, fields: 20, fieldSize: 100_000, parts: 25 };

/** Multipart uploads (REST); the limits' errors are answered in words by http/errors.ts. */
export default fp(
  async (app) => {
    await app.register(multipart, { limits: MULTIPART_LIMITS });
  },
  { name: "multipart" },
);
