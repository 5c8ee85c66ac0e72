import fp from "fastify-plugin";

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * CSRF defence: a state-changing request that a browser marks as coming from another site is
 * refused. Browsers always send Origin on such requests (and Sec-Fetch-Site); scripts and
 * tools that send neither are not browsers carrying someone's cookie.
 */
export default fp(
  async (app) => {
    const allowed = new Set(app.config.allowedOrigins);
    app.addHook("onRequest", async (request, reply) => {
      if (!WRITE_METHODS.has(request.method)) return;
      const origin = request.headers.origin;
      if (origin) {
        const own = `${request.protocol}://${request.host}`;
        if (origin === own || allowed.has(origin)) return;
        return reply.status(403).send({ message: "Cross-origin request refused" });
      }
      if (request.headers["sec-fetch-site"] === "cross-site") {
        return reply.status(403).send({ message: "Cross-origin request refused" });
      }
    });
  },
  { name: "origin-check", dependencies: ["config"] },
);
