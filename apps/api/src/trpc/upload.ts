import { z } from "zod";

/** A file read whole by the REST adapter; only in-process callers can pass one. */
export const uploadedFileSchema = z.object({
  buffer: z.instanceof(Buffer),
  filename: z.string().max(500),
  mimetype: z.string().max(200),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;
