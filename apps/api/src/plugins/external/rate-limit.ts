import rateLimit from "@fastify/rate-limit";
import fp from "fastify-plugin";

/** Off by default; routes opt in with `config.rateLimit` (sign-in verification and writes). */
export default fp(
  async (app) => {
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_req, context) => ({
        statusCode: 429,
        message: `Too many requests, please try again in ${Math.ceil(context.ttl / 1000)} seconds`,
      }),
    });
  },
  { name: "rate-limit" },
);
