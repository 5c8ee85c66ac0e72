/** An uploaded file as the domain receives it, whatever transport carried it (tRPC FormData, REST multipart). */
export interface Upload {
  bytes: Buffer;
  filename: string;
  mimetype: string;
}

/** Every upload call takes one file (in its one file field): a second is refused, never silently dropped. */
export const ONE_FILE_PER_FIELD = "Only one file may be sent per field";
export const ONE_FILE_PER_REQUEST = "Only one file may be sent per request";
