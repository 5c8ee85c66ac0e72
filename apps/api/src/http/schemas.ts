import {
  CREATOR_PAGE_MAX,
  chatbotCreateFormSchema,
  chatbotUpdateFormSchema,
  IMAGE_MIME_TYPES,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
} from "@gallery/schema";
import { z } from "zod";
import type { Upload } from "../domain/upload.js";

/**
 * REST-only schemas: how the spec's /api calls carry their input (query strings, multipart forms).
 * The values themselves are checked by the shared schemas of @gallery/schema, as over tRPC.
 */

export const errorSchema = z
  .object({ message: z.string().meta({ description: "What went wrong, for a person to read." }) })
  .meta({ id: "Error", description: "Every error answer: a 401 says Unauthorized." });

export const successSchema = z.object({ success: z.boolean() }).meta({ id: "Success" });

/** A query-string number: "" counts as absent; anything but digits fails the number check. */
function queryNumber<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => {
    if (value === "") return undefined;
    return typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value;
  }, schema);
}

/** A query-string boolean ("true" / "false"; "" counts as absent). */
export const queryBoolean = z.preprocess(
  (value) => (value === "" ? undefined : value === "true" ? true : value === "false" ? false : value),
  z.boolean({ error: "Must be true or false" }).optional(),
);

const cursor = z
  .string()
  .max(200)
  .optional()
  .transform((value) => value || undefined)
  .meta({ description: "Where the page starts: the `cursor` of the previous answer's Link header." });

/** Paging of the gallery-like lists (at most 100 a page). */
export const pageQuery = (defaultLimit = PAGE_SIZE_DEFAULT, max = PAGE_SIZE_MAX) =>
  z.object({
    limit: queryNumber(
      z
        .number()
        .int()
        .min(1)
        .max(max)
        .default(defaultLimit)
        .meta({ description: `Items per page (1 to ${max}, default ${defaultLimit}).` }),
    ),
    cursor,
  });

/** Paging of one creator's own lists: large pages by default (spec: a whole list in practice). */
export const creatorPageQuery = pageQuery(CREATOR_PAGE_MAX, CREATOR_PAGE_MAX);

const isUpload = (value: unknown): value is Upload =>
  typeof value === "object" && value !== null && Buffer.isBuffer((value as Upload).bytes);

/** A file part of a multipart body, as the domain receives it. */
export const uploadSchema = (message: string) =>
  z.custom<Upload>(isUpload, { error: message }).meta({
    type: "string",
    format: "binary",
    description: `${IMAGE_MIME_TYPES.join(", ")} under 5 MB.`,
  });

/** A new listing: the form's fields (title required) and the image (required). */
export const chatbotCreateForm = chatbotCreateFormSchema.extend({
  image: uploadSchema("Please select an image file."),
});

/** An edit: only the fields sent change; a new image is optional. */
export const chatbotUpdateForm = chatbotUpdateFormSchema.extend({
  image: uploadSchema("Please select an image file.").optional(),
});
