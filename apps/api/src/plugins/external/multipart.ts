import multipart from "@fastify/multipart";
import fp from "fastify-plugin";
import { MULTIPART_LIMITS } from "../../http/request.js";

/** Multipart uploads (REST); the limits' errors are answered in words by http/errors.ts. */
export default fp(
  async (app) => {
    await app.register(multipart, { limits: MULTIPART_LIMITS });
  },
  { name: "multipart" },
);
