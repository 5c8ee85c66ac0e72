import { z } from "zod";
import { signIn } from "../../domain/users/sign-in.js";
import { toUser } from "../../domain/users/to-user.js";
import { authedProcedure, publicProcedure, router } from "../init.js";

export const authRouter = router({
  /** Verifies an identity-provider ID token (domain/users/sign-in.ts) and starts a fresh server session. */
  verify: publicProcedure
    .input(z.object({ idToken: z.string({ error: "idToken is required" }).min(1, "idToken is required").max(8192) }))
    .mutation(async ({ ctx, input }) => {
      const signedIn = await signIn(ctx, input);
      await ctx.session.signIn(signedIn.userId, signedIn.authTime);
      return signedIn.user;
    }),

  logout: publicProcedure.mutation(async ({ ctx }) => {
    await ctx.session.signOut();
    return { success: true };
  }),

  /** The signed-in user; UNAUTHORIZED for visitors. */
  user: authedProcedure.query(({ ctx }) => toUser(ctx.user)),

  /** What the web app needs to talk to the identity provider. */
  clientConfig: publicProcedure.query(({ ctx }) => {
    const { firebase } = ctx.config;
    return {
      firebase: {
        apiKey: firebase.apiKey,
        authDomain: firebase.authDomain,
        projectId: firebase.projectId,
        appId: firebase.appId,
      },
      authEmulatorUrl: firebase.emulatorHost ? `http://${firebase.emulatorHost}` : null,
    };
  }),
});
