import {
  chatbotFieldsSchema,
  LISTING_FIELDS,
  type ListingFieldName,
  PLATFORM_FIELDS,
  parseTags,
  perListingField,
  perPlatformField,
} from "@gallery/schema";
import type { Chatbot } from "@gallery/schema/types";
import { z } from "zod";

const shared = chatbotFieldsSchema.shape;

/**
 * The chatbot form's fields as typed, for owner and admin alike. Title and the optional texts and
 * URLs reuse the shared rules (so the messages match the server's); tags stay one comma-separated
 * text; the rating is a boolean (radio for owners, checkbox for admins).
 */
export const chatbotFormSchema = z.object({
  title: shared.title,
  tagline: shared.tagline,
  description: shared.description,
  tags: z.string(),
  storySeries: shared.storySeries,
  ...perPlatformField(({ name }) => shared[name]),
  // The declared listing fields (listing-fields.ts): a select each, "" for none.
  ...perListingField((field) => shared[field.name as ListingFieldName]),
  nsfw: z.boolean(),
});
export type ChatbotFormInput = z.input<typeof chatbotFormSchema>;
export type ChatbotFormValues = z.output<typeof chatbotFormSchema>;

/** Empty form for 'Add New Chatbot', or the listing's values for 'Edit Chatbot'. */
export function initialValues(chatbot?: Chatbot | null): ChatbotFormInput {
  return {
    title: chatbot?.title ?? "",
    tagline: chatbot?.tagline ?? "",
    description: chatbot?.description ?? "",
    tags: chatbot?.tags.join(", ") ?? "",
    storySeries: chatbot?.storySeries ?? "",
    ...perPlatformField(({ name }) => chatbot?.[name] ?? ""),
    ...perListingField((field) => chatbot?.[field.name as ListingFieldName] ?? ""),
    nsfw: chatbot?.nsfw ?? false,
  };
}

/**
 * The FormData input of `chatbots.create`, `chatbots.update` and `admin.updateChatbot`: the id of
 * an edited listing, tags comma joined, nsfw 'true'/'false', empty optional fields as '' (so an edit
 * can clear them), the focal point when one was chosen or the listing has one, the image only when one was chosen.
 */
export function toFormData(
  values: ChatbotFormValues,
  image: File | null,
  id?: string,
  focus?: { x: number; y: number } | null,
): FormData {
  const form = new FormData();
  if (id) form.append("id", id);
  form.append("title", values.title);
  form.append("tagline", values.tagline ?? "");
  form.append("description", values.description ?? "");
  form.append("tags", parseTags(values.tags).join(","));
  form.append("storySeries", values.storySeries ?? "");
  for (const { name } of PLATFORM_FIELDS) form.append(name, values[name] ?? "");
  for (const field of LISTING_FIELDS) form.append(field.name, values[field.name as ListingFieldName] ?? "");
  form.append("nsfw", String(values.nsfw));
  if (focus) {
    form.append("imageFocusX", String(focus.x));
    form.append("imageFocusY", String(focus.y));
  }
  if (image) form.append("image", image);
  return form;
}
