import { aboutSchema, nicknameSchema, socialLinksInputSchema, userIdSchema } from "@gallery/schema";
import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { publicProfile, updateAbout, updateAvatar, updateNickname, updateSocialLinks } from "../../domain/profile.js";
import { authedProcedure, publicProcedure, router } from "../init.js";
import { uploadedFileSchema } from "../upload.js";

/** Profiles. Every change applies to the caller's own account only: no procedure takes a user id to change. */
export const usersRouter = router({
  // Members see their own and (moderators) unapproved profiles: only the visitors' answer is shared.
  byId: publicProcedure
    .meta({ sharedBy: ["visitor"] })
    .input(userIdSchema)
    .query(({ ctx, input }) => publicProfile(ctx.db, ctx.user, input.userId)),

  updateNickname: authedProcedure
    .input(z.object({ nickname: nicknameSchema }))
    .mutation(({ ctx, input }) => updateNickname(ctx.db, ctx.user.id, input.nickname)),

  updateAbout: authedProcedure
    .input(z.object({ about: aboutSchema }))
    .mutation(({ ctx, input }) => updateAbout(ctx.db, ctx.user.id, input.about)),

  updateSocialLinks: authedProcedure
    .input(socialLinksInputSchema)
    .mutation(({ ctx, input }) => updateSocialLinks(ctx.db, ctx.user.id, input)),

  /** Multipart only (through the REST adapter). */
  updateAvatar: authedProcedure.input(z.object({ file: uploadedFileSchema.optional() })).mutation(({ ctx, input }) => {
    if (!input.file) throw new TRPCError({ code: "BAD_REQUEST", message: "Please select a JPEG, PNG, or WebP image." });
    return updateAvatar(ctx, ctx.user, input.file);
  }),
});
