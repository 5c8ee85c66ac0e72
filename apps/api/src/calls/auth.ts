import { clientConfigSchema, signInInputSchema, successSchema, userResponseSchema } from "@gallery/schema";
import { requireMember } from "../domain/policy.js";
import { signOutEverywhere } from "../domain/users/sessions.js";
import { clientConfig, signIn } from "../domain/users/sign-in.js";
import { toUser } from "../domain/users/to-user.js";
import { mutation, query, rest } from "./call.js";

/** Signing in and out, the current user, what the web app needs to reach the identity provider. */
export const authCalls = {
  /** Verifies an identity-provider ID token (domain/users/sign-in.ts) and starts a fresh server session. */
  verify: mutation({
    access: "public",
    // Per client address, one budget over REST and tRPC (each call of a batch counts).
    limit: "signIn",
    input: signInInputSchema,
    output: userResponseSchema,
    run: async (ctx, _viewer, input) => {
      const signedIn = await signIn(ctx, input);
      await ctx.session.signIn(signedIn.userId, signedIn.authTime);
      return signedIn.user;
    },
    rest: rest({
      method: "POST",
      path: "/auth/verify",
      operationId: "signIn",
      summary: "Sign in: verify an identity-provider ID token and start a session",
      description:
        "Creates or refreshes the user and answers it; sets the session cookie. New users need approval when the server requires it.",
      tag: "session",
      body: signInInputSchema,
      errors: [401, 409],
    }),
  }),

  logout: mutation({
    access: "public",
    output: successSchema,
    run: async (ctx) => {
      // A request without a session cookie has no session to end.
      await ctx.session.signOut();
      return { success: true };
    },
    rest: rest({
      method: "POST",
      path: "/auth/logout",
      operationId: "signOut",
      summary: "End the session",
      tag: "session",
    }),
  }),

  /**
   * Ends every session of the member on every device, this one included (domain/users/sessions.ts). A browser
   * session alone may ask: a personal API token is not a session, and revoking tokens has its own calls.
   */
  signOutEverywhere: mutation({
    access: "member",
    sessionOnly: true,
    output: successSchema,
    run: async (ctx, viewer) => {
      const answer = await signOutEverywhere(ctx, viewer);
      // The request's own session object is gone from the store already; it must not be saved again.
      await ctx.session.signOut();
      return answer;
    },
    rest: rest({
      method: "POST",
      path: "/auth/logout-all",
      operationId: "signOutEverywhere",
      summary: "End every session of the signed-in member, on every device",
      description:
        "Signs the member out of every browser, this one included; each session cookie is refused from its next request on. Personal API tokens are not sessions and keep working until revoked.",
      tag: "session",
    }),
  }),

  /** The signed-in user; UNAUTHORIZED for visitors. */
  user: query({
    access: "member",
    neverShed: true,
    output: userResponseSchema,
    run: async (_ctx, viewer) => toUser(requireMember(viewer)),
    rest: rest({
      method: "GET",
      path: "/auth/user",
      operationId: "getCurrentUser",
      summary: "The signed-in user",
      tag: "session",
    }),
  }),

  /** What the web app needs to talk to the identity provider. */
  clientConfig: query({
    access: "public",
    neverShed: true,
    output: clientConfigSchema,
    run: async (ctx) => clientConfig(ctx),
    rest: rest({
      method: "GET",
      path: "/client-config",
      operationId: "getClientConfig",
      summary: "What the web app needs to talk to the identity provider",
      tag: "session",
    }),
  }),
};
