/** An uploaded file as the domain receives it, whatever transport carried it (tRPC FormData, REST multipart). */
export interface Upload {
  bytes: Buffer;
  filename: string;
  mimetype: string;
}
