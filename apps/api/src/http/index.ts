import type { FastifyInstance } from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { adminRoutes } from "./admin.js";
import { authRoutes } from "./auth.js";
import { chatbotsRoutes } from "./chatbots.js";
import { sendHttpError } from "./errors.js";
import { healthRoutes } from "./health.js";
import { membersRoutes } from "./members.js";
import { addRequestHooks } from "./request.js";
import { safetyRoutes } from "./safety.js";
import { statsRoutes } from "./stats.js";
import { usersRoutes } from "./users.js";

/**
 * The spec's /api calls (registered under /api): each route's Zod schemas are its validation and its
 * documentation (plugins/external/swagger.ts). Answers are written as JSON without a second check
 * against the response schemas: the read model is checked against them in tests.
 */
export async function httpRoutes(app: FastifyInstance): Promise<void> {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.setErrorHandler(sendHttpError);
  app.addHook("onRoute", addRequestHooks);
  const api = app.withTypeProvider<ZodTypeProvider>();
  await api.register(authRoutes);
  await api.register(usersRoutes);
  await api.register(chatbotsRoutes);
  await api.register(membersRoutes);
  await api.register(adminRoutes);
  await api.register(statsRoutes);
  await api.register(safetyRoutes);
  await api.register(healthRoutes);
}
