import { aboutSchema, nicknameSchema, socialLinksInputSchema, userIdSchema } from "@gallery/schema";
import { z } from "zod";
import {
  readProfile,
  readProfileAudiences,
  updateAbout,
  updateAvatar,
  updateNickname,
  updateSocialLinks,
} from "../../domain/users/profile.js";
import { formDataInput } from "../form-data.js";
import { authedProcedure, publicProcedure, router } from "../init.js";

/** Profiles. Every change applies to the caller's own account only: no procedure takes a user id to change. */
export const usersRouter = router({
  byId: publicProcedure
    .meta({ sharedBy: readProfileAudiences })
    .input(userIdSchema)
    .query(({ ctx, input }) => readProfile(ctx, ctx.user, input)),

  updateNickname: authedProcedure
    .input(z.object({ nickname: nicknameSchema }))
    .mutation(({ ctx, input }) => updateNickname(ctx, ctx.user, input)),

  updateAbout: authedProcedure
    .input(z.object({ about: aboutSchema }))
    .mutation(({ ctx, input }) => updateAbout(ctx, ctx.user, input)),

  updateSocialLinks: authedProcedure
    .input(socialLinksInputSchema)
    .mutation(({ ctx, input }) => updateSocialLinks(ctx, ctx.user, input)),

  /** FormData with the file `avatar`. */
  updateAvatar: authedProcedure
    .input(formDataInput(z.object({}), ["avatar"]))
    .mutation(({ ctx, input }) => updateAvatar(ctx, ctx.user, { avatar: input.avatar })),
});
