import { chatbotFieldsSchema, parseTags } from "@gallery/schema";
import type { Chatbot } from "@gallery/schema/types";
import { z } from "zod";

const shared = chatbotFieldsSchema.shape;

/**
 * The dialog's fields as typed text. Title and the optional texts and URLs reuse the shared rules
 * (so the messages match the server's); tags stay one comma-separated text, the rating a radio value.
 */
export const chatbotDialogSchema = z.object({
  title: shared.title,
  tags: z.string(),
  storySeries: shared.storySeries,
  polybuzzCid: shared.polybuzzCid,
  polybuzzUrl: shared.polybuzzUrl,
  roleplayaCid: shared.roleplayaCid,
  roleplayaUrl: shared.roleplayaUrl,
  nsfw: z.enum(["false", "true"]),
});
export type ChatbotDialogInput = z.input<typeof chatbotDialogSchema>;
export type ChatbotDialogValues = z.output<typeof chatbotDialogSchema>;

/** Empty form for 'Add New Chatbot', or the listing's values for 'Edit Chatbot'. */
export function initialValues(chatbot?: Chatbot | null): ChatbotDialogInput {
  return {
    title: chatbot?.title ?? "",
    tags: chatbot?.tags.join(", ") ?? "",
    storySeries: chatbot?.storySeries ?? "",
    polybuzzCid: chatbot?.polybuzzCid ?? "",
    polybuzzUrl: chatbot?.polybuzzUrl ?? "",
    roleplayaCid: chatbot?.roleplayaCid ?? "",
    roleplayaUrl: chatbot?.roleplayaUrl ?? "",
    nsfw: chatbot?.nsfw ? "true" : "false",
  };
}

/**
 * The multipart body of spec section 7: tags comma joined, nsfw 'true'/'false', empty optional
 * fields as '' (so an edit can clear them), the image only when one was chosen.
 */
export function toFormData(values: ChatbotDialogValues, image: File | null): FormData {
  const form = new FormData();
  form.append("title", values.title);
  form.append("tags", parseTags(values.tags).join(","));
  form.append("storySeries", values.storySeries ?? "");
  form.append("polybuzzCid", values.polybuzzCid ?? "");
  form.append("polybuzzUrl", values.polybuzzUrl ?? "");
  form.append("roleplayaCid", values.roleplayaCid ?? "");
  form.append("roleplayaUrl", values.roleplayaUrl ?? "");
  form.append("nsfw", values.nsfw);
  if (image) form.append("image", image);
  return form;
}
