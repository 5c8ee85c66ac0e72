import { z } from "zod";
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, PLATFORMS } from "./constants";

/** Splits the comma-separated tags text: trimmed, empties dropped. */
export function parseTags(text: string): string[] {
  return text
    .split(",")
    .map((tag) => tag.trim())
    .filter((tag) => tag.length > 0);
}

const optionalText = z
  .string()
  .trim()
  .max(2000)
  .transform((value) => (value === "" ? null : value))
  .nullish();

const optionalUrl = z
  .union([z.literal(""), z.url({ protocol: /^https?$/, error: "Must be a valid URL" }).max(2000)])
  .transform((value) => (value === "" ? null : value))
  .nullish();

export const chatbotFieldsSchema = z.object({
  title: z.string({ error: "Title is required" }).trim().min(1, "Title is required").max(200),
  tags: z.array(z.string().trim().min(1).max(50)).max(30).default([]),
  storySeries: optionalText,
  polybuzzCid: optionalText,
  polybuzzUrl: optionalUrl,
  roleplayaCid: optionalText,
  roleplayaUrl: optionalUrl,
  nsfw: z.boolean().default(false),
});
export type ChatbotFields = z.input<typeof chatbotFieldsSchema>;

export const platformSchema = z.enum(PLATFORMS);

export const listChatbotsSchema = z.object({
  search: z.string().trim().max(200).optional(),
  platform: platformSchema.optional(),
  nsfw: z.boolean().optional(),
  limit: z.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  cursor: z.string().max(200).optional(),
});
export type ListChatbotsInput = z.input<typeof listChatbotsSchema>;
