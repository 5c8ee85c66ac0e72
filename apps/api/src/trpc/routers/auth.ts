import { signInInputSchema } from "@gallery/schema";
import { clientConfig, signIn } from "../../domain/users/sign-in.js";
import { toUser } from "../../domain/users/to-user.js";
import { authedProcedure, publicProcedure, router } from "../init.js";

export const authRouter = router({
  /** Verifies an identity-provider ID token (domain/users/sign-in.ts) and starts a fresh server session. */
  verify: publicProcedure.input(signInInputSchema).mutation(async ({ ctx, input }) => {
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
  clientConfig: publicProcedure.query(({ ctx }) => clientConfig(ctx)),
});
