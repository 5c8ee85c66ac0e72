import { clientConfigSchema, signInInputSchema, userResponseSchema } from "@gallery/schema";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireMember } from "../domain/policy.js";
import { clientConfig, signIn } from "../domain/users/sign-in.js";
import { toUser } from "../domain/users/to-user.js";
import { startSession } from "../plugins/external/session.js";
import { errors } from "./docs.js";
import { depsOf, viewerOf } from "./request.js";
import { successSchema } from "./schemas.js";

const tags = ["session"];

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/auth/verify",
    {
      schema: {
        operationId: "signIn",
        summary: "Sign in: verify an identity-provider ID token and start a session",
        description:
          "Creates or refreshes the user and answers it; sets the session cookie. New users need approval when the server requires it.",
        tags,
        body: signInInputSchema,
        response: { 200: userResponseSchema, ...errors(400, 401, 429, 503) },
      },
    },
    async (request) => {
      const signedIn = await signIn(depsOf(request), request.body);
      await startSession(request, signedIn.userId, signedIn.authTime);
      return signedIn.user;
    },
  );

  app.post(
    "/auth/logout",
    {
      schema: {
        operationId: "signOut",
        summary: "End the session",
        tags,
        response: { 200: successSchema, ...errors(429, 503) },
      },
    },
    async (request) => {
      // A request without a session cookie has no session to end.
      await request.session?.destroy();
      return { success: true };
    },
  );

  app.get(
    "/auth/user",
    {
      config: { access: "member" },
      schema: {
        operationId: "getCurrentUser",
        summary: "The signed-in user",
        tags,
        response: { 200: userResponseSchema, ...errors(401, 503) },
      },
    },
    async (request) => toUser(requireMember(await viewerOf(request))),
  );

  app.get(
    "/client-config",
    {
      schema: {
        operationId: "getClientConfig",
        summary: "What the web app needs to talk to the identity provider",
        tags,
        // Any call with a session cookie reads the session from the database first.
        response: { 200: clientConfigSchema, ...errors(503) },
      },
    },
    async (request) => clientConfig(depsOf(request)),
  );

  // The spec's login endpoint: a redirect target for signed-out sessions.
  app.get(
    "/login",
    {
      schema: {
        operationId: "login",
        summary: "The sign-in page",
        tags,
        response: {
          302: z.null().meta({
            description: "Redirect to the sign-in page /auth.",
            headers: { Location: { type: "string", description: "/auth" } },
          }),
          ...errors(503),
        },
      },
    },
    async (_request, reply) => reply.redirect("/auth"),
  );
};
