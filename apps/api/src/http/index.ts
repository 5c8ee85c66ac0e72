import type { FastifyInstance } from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { sendHttpError } from "./errors.js";
import { healthRoutes } from "./health.js";
import { imageJobRoutes } from "./image-jobs.js";
import { loginRoute } from "./login.js";
import { notificationStreamRoute } from "./notification-stream.js";
import { addRequestHooks } from "./request.js";
import { registerCallRoutes } from "./routes.js";

/**
 * The spec's /api paths (registered under /api): the routes of the calls that declare one (calls/, made in
 * routes.ts), and by hand only what is no single call: health, the login redirect, the image tools' start-and-wait,
 * the notifications' live stream.
 * Each route's Zod schemas are its validation and its documentation (plugins/external/swagger.ts). Answers are
 * written as JSON without a second check against the response schemas: tRPC checks each call's output, and the
 * tests check REST's against the same schemas.
 */
export async function httpRoutes(app: FastifyInstance): Promise<void> {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.setErrorHandler(sendHttpError);
  app.addHook("onRoute", addRequestHooks);
  registerCallRoutes(app);
  const api = app.withTypeProvider<ZodTypeProvider>();
  await api.register(loginRoute);
  await api.register(imageJobRoutes);
  await api.register(healthRoutes);
  await api.register(notificationStreamRoute);
}
