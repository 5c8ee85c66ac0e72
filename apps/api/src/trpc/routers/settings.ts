import { safetySettingsSchema } from "@gallery/schema";
import { readSafetySettings, updateSafetySettings } from "../../domain/members/safety.js";
import { authedProcedure, router } from "../init.js";

/** The caller's safety settings: tag blocklist and NSFW display (domain/members/safety.ts). Never shared. */
export const settingsRouter = router({
  safety: authedProcedure.query(({ ctx }) => readSafetySettings(ctx, ctx.user)),

  updateSafety: authedProcedure
    .input(safetySettingsSchema)
    .mutation(({ ctx, input }) => updateSafetySettings(ctx, ctx.user, input)),
});
