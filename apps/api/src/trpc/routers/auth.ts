import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { toUser } from "../../domain/users.js";
import { InvalidTokenError } from "../../services/identity.js";
import { authedProcedure, publicProcedure, router } from "../init.js";

/** Splits the provider's display name into first and last name. */
function splitName(name: string | null) {
  const parts = (name ?? "").trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return { firstName: null, lastName: null };
  return { firstName: parts[0]!, lastName: parts.length > 1 ? parts.slice(1).join(" ") : null };
}

export const authRouter = router({
  /**
   * Verifies an identity-provider ID token, creates or refreshes the user and starts a fresh
   * server session. New users are approved unless REQUIRE_APPROVAL is on; a verified e-mail in
   * SUPER_ADMIN_EMAILS makes the user a super admin.
   */
  verify: publicProcedure
    .input(z.object({ idToken: z.string({ error: "idToken is required" }).min(1, "idToken is required").max(8192) }))
    .mutation(async ({ ctx, input }) => {
      let identity: Awaited<ReturnType<typeof ctx.identity.verifyIdToken>>;
      try {
        identity = await ctx.identity.verifyIdToken(input.idToken);
      } catch (error) {
        if (error instanceof InvalidTokenError) throw new TRPCError({ code: "UNAUTHORIZED", message: "Unauthorized" });
        throw error;
      }
      const { firstName, lastName } = splitName(identity.name);
      const superAdmin =
        identity.emailVerified && identity.email !== null && ctx.config.superAdminEmails.includes(identity.email);

      const user = await ctx.db.transaction().execute(async (trx) => {
        // Match by provider uid first, then adopt an existing row with the same e-mail (e.g. seeded or re-created account).
        const existing =
          (await trx.selectFrom("users").selectAll().where("firebaseUid", "=", identity.uid).executeTakeFirst()) ??
          (identity.email
            ? await trx.selectFrom("users").selectAll().where("email", "=", identity.email).executeTakeFirst()
            : undefined);
        if (existing) {
          return trx
            .updateTable("users")
            .set({
              firebaseUid: identity.uid,
              email: identity.email ?? existing.email,
              firstName: existing.firstName ?? firstName,
              lastName: existing.lastName ?? lastName,
              profileImageUrl: identity.picture ?? existing.profileImageUrl,
              ...(superAdmin ? { isSuperAdmin: true, isAdmin: true, isApproved: true } : {}),
              updatedAt: new Date(),
            })
            .where("id", "=", existing.id)
            .returningAll()
            .executeTakeFirstOrThrow();
        }
        return (
          trx
            .insertInto("users")
            .values({
              firebaseUid: identity.uid,
              email: identity.email,
              firstName,
              lastName,
              profileImageUrl: identity.picture,
              isApproved: superAdmin || !ctx.config.requireApproval,
              isAdmin: superAdmin,
              isSuperAdmin: superAdmin,
            })
            // Two sign-ins of a new account at once (e.g. two tabs) must not fail on the unique uid.
            .onConflict((oc) => oc.column("firebaseUid").doUpdateSet({ updatedAt: new Date() }))
            .returningAll()
            .executeTakeFirstOrThrow()
        );
      });
      await ctx.session.signIn(user.id, identity.authTime);
      return toUser(user);
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
