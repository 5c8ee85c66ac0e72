import type { CreateListingFields, UpdateListingFields } from "./generated/procedures.gen.js";

/** A picture to upload: a File keeps its name; a Blob is sent as `picture` with its type. */
export type Picture = Blob | File;

type FormFields = Record<string, string | null | undefined>;

function formOf(fields: FormFields, files: Record<string, Picture | undefined>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    // A form has no null: an absent field keeps its value (update) or takes the default (create).
    if (value !== undefined && value !== null) form.append(name, value);
  }
  for (const [name, file] of Object.entries(files)) {
    if (file) form.append(name, file, file instanceof File ? file.name : "picture");
  }
  return form;
}

/** chatbots.create's input: the new listing's fields (tags comma separated, nsfw "true"/"false") and its picture. */
export const createListingForm = (fields: CreateListingFields, image: Picture) => formOf(fields, { image });

/** chatbots.update's input: the listing's id, the fields to change and, optionally, a new picture. */
export const updateListingForm = (fields: UpdateListingFields, image?: Picture) => formOf(fields, { image });

/** chatbots.importCard's input: a Tavern character card (PNG or JSON). */
export const importCardForm = (card: Picture) => formOf({}, { card });
