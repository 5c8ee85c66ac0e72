import multipart from "@fastify/multipart";
import { IMAGE_MAX_BYTES } from "@gallery/schema";
import fp from "fastify-plugin";

/** Multipart uploads: one file of at most 5 MB and a few text fields per request. */
export default fp(
  async (app) => {
    await app.register(multipart, {
      limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 20, fieldSize: 100_000, parts: 25 },
    });
  },
  { name: "multipart" },
);
