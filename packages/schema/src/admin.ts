import { z } from "zod";
import { idSchema } from "./chatbot.js";
import { pageFields } from "./paging.js";
import { userResponseSchema } from "./types.js";

/** Admin tables load this many rows per page ("Load more" fetches the next). */
export const ADMIN_PAGE_SIZE = 50;

/** A page of an admin list: newest first, keyset cursor from the previous page. */
export const adminListSchema = z.object(pageFields({ size: ADMIN_PAGE_SIZE }));
export type AdminListInput = z.input<typeof adminListSchema>;
/** The same, for callers that send no input at all (the first page). */
export const adminPageInputSchema = adminListSchema.prefault({});

/** The user an admin call acts on. */
export const adminUserInputSchema = z.object({ id: idSchema });

/** What the viewer may do to a user in the admin panel, as the server decides it (the web shows only these). */
export const userActionsSchema = z
  .object({
    approve: z.boolean().meta({ description: "Approve this pending user." }),
    reject: z.boolean().meta({ description: "Reject (delete) this pending user." }),
    delete: z.boolean().meta({ description: "Delete this user: never oneself, never a super admin." }),
    makeAdmin: z.boolean().meta({ description: "Grant admin rights: super admins only, never to a super admin." }),
    removeAdmin: z.boolean().meta({ description: "Remove admin rights: super admins only, never a super admin's." }),
  })
  .meta({ id: "UserActions" });
export type UserActions = z.infer<typeof userActionsSchema>;

/** A user in the admin lists: the user, and what the viewer may do to them. */
export const adminUserSchema = userResponseSchema.extend({ actions: userActionsSchema }).meta({ id: "AdminUser" });
export type AdminUser = z.infer<typeof adminUserSchema>;

/** Spec section 3: image migration and repair results. */
export const imageMigrationResultSchema = z.object({ migrated: z.number().int() }).meta({ id: "ImageMigrationResult" });
export type ImageMigrationResult = z.infer<typeof imageMigrationResultSchema>;

export const imageRepairResultSchema = z
  .object({ repaired: z.number().int(), total: z.number().int() })
  .meta({ id: "ImageRepairResult" });
export type ImageRepairResult = z.infer<typeof imageRepairResultSchema>;

/** The image tools as background jobs: which one, and where it stands (done of total items examined). */
export const imageJobKindSchema = z.enum(["migrate", "repair"]);
export type ImageJobKind = z.infer<typeof imageJobKindSchema>;

const imageJobFields = {
  id: z.uuid(),
  status: z.enum(["running", "succeeded", "failed"]),
  done: z.number().int().meta({ description: "Items examined so far." }),
  total: z
    .number()
    .int()
    .nullable()
    .meta({ description: "Items to examine (null while they are being counted); equals done when finished." }),
  error: z.string().nullable().meta({ description: "Why a failed job stopped." }),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
};

/** A running or finished image job; `result` holds its counts so far (final once it has succeeded). */
export const imageJobSchema = z
  .discriminatedUnion("kind", [
    z.object({ kind: z.literal("migrate"), ...imageJobFields, result: imageMigrationResultSchema }),
    z.object({ kind: z.literal("repair"), ...imageJobFields, result: imageRepairResultSchema }),
  ])
  .meta({ id: "ImageJob" });
export type ImageJob = z.infer<typeof imageJobSchema>;
