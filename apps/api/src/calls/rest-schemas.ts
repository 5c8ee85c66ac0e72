import { chatbotCreateFormSchema, chatbotUpdateFormSchema, IMAGE_MIME_TYPES, parseTags } from "@gallery/schema";
import { z } from "zod";
import type { Upload } from "../domain/upload.js";

/**
 * How the spec's /api paths carry a call's input (query strings, multipart forms). The values themselves are
 * checked by the shared schemas of @gallery/schema, as over tRPC.
 */

/** What a paging parameter means (the limits and defaults are in its schema). */
const QUERY_DESCRIPTIONS: Record<string, string> = {
  limit: "Items per page.",
  cursor: "Where the page starts: the `cursor` of the previous answer's Link header.",
};

/** The kind of value a field holds under its optional/default wrappers. */
function baseType(field: z.ZodType): string {
  let def = field._zod.def as { type: string; innerType?: z.ZodType; in?: z.ZodType };
  while (def.innerType ?? (def.type === "pipe" ? def.in : undefined)) {
    def = (def.innerType ?? def.in)!._zod.def as typeof def;
  }
  return def.type;
}

/** A query-string value as the field expects it: "" counts as absent; numbers and booleans arrive as text. */
function fromText(type: string) {
  return (value: unknown) => {
    if (value === "") return undefined;
    if (typeof value !== "string") return value;
    if (type === "number" && /^\d+$/.test(value)) return Number(value);
    if (type === "boolean" && (value === "true" || value === "false")) return value === "true";
    // A list arrives comma separated (tags=a,b) or repeated (tags=a&tags=b).
    if (type === "array") return parseTags(value);
    return value;
  };
}

/**
 * A shared input schema (the one tRPC takes as JSON) read from a query string, so both edges share
 * its limits, defaults and messages: each field is converted from text, then checked by its own schema.
 */
export function fromQuery<T extends z.ZodObject>(schema: T, descriptions: Record<string, string> = {}): T {
  const shape = Object.fromEntries(
    Object.entries(schema.shape as Record<string, z.ZodType>).map(([name, field]) => {
      const description = descriptions[name] ?? QUERY_DESCRIPTIONS[name];
      const read = z.preprocess(fromText(baseType(field)), field);
      return [name, description ? read.meta({ description }) : read];
    }),
  );
  // The output (what a handler receives) is the shared schema's.
  return z.object(shape) as unknown as T;
}

const isUpload = (value: unknown): value is Upload =>
  typeof value === "object" && value !== null && Buffer.isBuffer((value as Upload).bytes);

/** A file part of a multipart body, as the domain receives it. */
export const uploadSchema = (message: string, description = `${IMAGE_MIME_TYPES.join(", ")} under 5 MB.`) =>
  z.custom<Upload>(isUpload, { error: message }).meta({ type: "string", format: "binary", description });

/** A new listing: the form's fields (title required) and the image (required). */
export const chatbotCreateForm = chatbotCreateFormSchema.extend({
  image: uploadSchema("Please select an image file."),
});

/** An edit: only the fields sent change; a new image is optional. */
export const chatbotUpdateForm = chatbotUpdateFormSchema.extend({
  image: uploadSchema("Please select an image file.").optional(),
});
