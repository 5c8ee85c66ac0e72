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

const optionalUrlText = z.union([
  z.literal(""),
  z.url({ protocol: /^https?$/, error: "Must be a valid URL" }).max(2000),
]);

/**
 * The admin panel's Edit Chatbot form (spec section 2): every value as the inputs hold it.
 * The server checks the same fields again with chatbotUpdateSchema.
 */
export const adminChatbotFormSchema = z.object({
  title: z.string().trim().min(1, "Name is required").max(200),
  storySeries: z.string().max(2000),
  tags: z.string().max(2000),
  nsfw: z.boolean(),
  polybuzzCid: z.string().max(2000),
  polybuzzUrl: optionalUrlText,
  roleplayaCid: z.string().max(2000),
  roleplayaUrl: optionalUrlText,
});
export type AdminChatbotForm = z.infer<typeof adminChatbotFormSchema>;
