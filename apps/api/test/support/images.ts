import sharp from "sharp";

/** A real PNG of the given size (a flat colour), made on the fly rather than committed as a binary. */
export function pngImage(width = 64, height = 128, colour = "#7c3aed") {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

export function jpegImage(width = 64, height = 128) {
  return sharp({ create: { width, height, channels: 3, background: "#10b981" } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: "secret-camera-owner" } } })
    .toBuffer();
}

/** A multipart body (as a browser's FormData sends it) for app.inject. */
export function multipart(
  fields: Record<string, string>,
  file?: { name: string; filename: string; type: string; data: Buffer },
) {
  const boundary = `----gallery${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}
