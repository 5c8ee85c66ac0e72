import type { FastifyInstance } from "fastify";
import { callerFor } from "./adapter.js";

export async function authRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: { idToken?: unknown } }>("/auth/verify", async (request, reply) => {
    const api = await callerFor(request, reply);
    return api.auth.verify({ idToken: request.body?.idToken as string });
  });

  app.post("/auth/logout", async (request, reply) => {
    const api = await callerFor(request, reply);
    return api.auth.logout();
  });

  app.get("/auth/user", async (request, reply) => {
    const api = await callerFor(request, reply);
    return api.auth.user();
  });

  app.get("/client-config", async (request, reply) => {
    const api = await callerFor(request, reply);
    return api.auth.clientConfig();
  });

  // The spec's login endpoint: a redirect target for signed-out sessions.
  app.get("/login", async (_request, reply) => reply.redirect("/auth"));
}
