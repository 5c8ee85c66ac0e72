import { z } from "zod";
import { TAG_MAX } from "./constants.js";
import { tooLongText } from "./limit-texts.js";

/** A text a form requires: trimmed, refused when blank (`required`) or longer than `max` characters (`tooLong`). */
export const filledText = (max: number, messages: { required: string; tooLong: string }) =>
  z.string().trim().min(1, messages.required).max(max, messages.tooLong);

/**
 * A list of tags as a form sends it, each trimmed and 1 to TAG_MAX characters, its messages naming `what` ("tag":
 * "Each tag must be text", "A tag cannot be empty", "Each tag must be 50 characters or less", "Tags must be a list").
 */
export function tagList(what: string) {
  const each = z
    .string({ error: `Each ${what} must be text` })
    .trim()
    .min(1, `A ${what} cannot be empty`)
    .max(TAG_MAX, tooLongText(`Each ${what}`, TAG_MAX));
  return z.array(each, { error: `${what.charAt(0).toUpperCase()}${what.slice(1)}s must be a list` });
}
