import { z } from "zod";
import { idSchema } from "./chatbot.js";
import { PAGE_SIZE_MAX } from "./constants.js";

/** Admin tables load this many rows per page ("Load more" fetches the next). */
export const ADMIN_PAGE_SIZE = 50;

/** A page of an admin list: newest first, keyset cursor from the previous page. */
export const adminListSchema = z.object({
  limit: z.number().int().min(1).max(PAGE_SIZE_MAX).default(ADMIN_PAGE_SIZE),
  cursor: z.string().max(200).optional(),
});
export type AdminListInput = z.input<typeof adminListSchema>;

/** The user an admin call acts on. */
export const adminUserInputSchema = z.object({ id: idSchema });

/** Spec section 3: image migration and repair results. */
export const imageMigrationResultSchema = z.object({ migrated: z.number().int() }).meta({ id: "ImageMigrationResult" });
export type ImageMigrationResult = z.infer<typeof imageMigrationResultSchema>;

export const imageRepairResultSchema = z
  .object({ repaired: z.number().int(), total: z.number().int() })
  .meta({ id: "ImageRepairResult" });
export type ImageRepairResult = z.infer<typeof imageRepairResultSchema>;
