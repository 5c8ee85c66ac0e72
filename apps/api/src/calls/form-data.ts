import { z } from "zod";
import { ONE_FILE_PER_FIELD, type Upload } from "../domain/upload.js";

/**
 * FormData inputs (tRPC v11 non-JSON content): uploads travel as multipart/form-data through httpLink.
 * The procedure's input type is FormData; its text fields are then validated with the shared schemas
 * from @gallery/schema and its files read into the domain's Upload.
 */

/** A file part as the domain's upload; an empty file input (no file chosen) counts as none. */
async function toUpload(value: FormDataEntryValue | null): Promise<Upload | undefined> {
  if (value === null || typeof value === "string" || value.size === 0) return undefined;
  return { bytes: Buffer.from(await value.arrayBuffer()), filename: value.name, mimetype: value.type };
}

/**
 * A FormData input: text fields (every one a string, as a form sends them) validated by `fields`,
 * and the named file parts as uploads (absent when not sent: the domain says which are required).
 */
export function formDataInput<Fields extends z.ZodType, File extends string>(fields: Fields, files: readonly File[]) {
  return z.instanceof(FormData).transform(async (form, ctx) => {
    const crowded = files.find((name) => form.getAll(name).length > 1);
    if (crowded) {
      ctx.addIssue({ code: "custom", message: ONE_FILE_PER_FIELD, path: [crowded] });
      return z.NEVER;
    }
    const text: Record<string, string> = {};
    form.forEach((value, name) => {
      if (typeof value === "string" && !files.includes(name as File)) text[name] = value;
    });
    // A ZodError thrown here is the input's validation error (BAD_REQUEST with the first message).
    const values: z.output<Fields> = await fields.parseAsync(text);
    const uploads = {} as Record<File, Upload | undefined>;
    for (const name of files) uploads[name] = await toUpload(form.get(name));
    return { values, ...uploads };
  });
}
