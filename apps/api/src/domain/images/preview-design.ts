import { SITE_NAME } from "@gallery/schema";
import escapeHtml from "escape-html";
import sharp, { type OutputInfo } from "sharp";

/** The share preview's size: the 1.91:1 of Open Graph's and Twitter's large image slots. */
export const PREVIEW_SIZE = { width: 1200, height: 630 } as const;
export const PREVIEW_CONTENT_TYPE = "image/jpeg";

/**
 * The font the text is drawn in, found through fontconfig: Debian's fonts-dejavu-core (docker/app.Dockerfile
 * installs it). A character it lacks falls back to another installed font, or shows as a box.
 */
export const PREVIEW_FONT = "DejaVu Sans";

const { width: WIDTH, height: HEIGHT } = PREVIEW_SIZE;
const MARGIN = 64;
/** The picture's frame: a 2:3 box at the left, the whole picture fitted inside it (nothing cropped). */
const FRAME = { width: 368, height: HEIGHT - 2 * MARGIN };
const TEXT_LEFT = MARGIN + FRAME.width + 56;
const TEXT_WIDTH = WIDTH - TEXT_LEFT - MARGIN;
const TITLE_MAX_HEIGHT = 360;
const TITLE_PX = 60;
const BRAND_PX = 30;
const CORNER = 24;
/** The brand gradient of the neutral image (apps/web/public/og-image.png). */
const GRADIENT = ["#4d1d95", "#da2777"] as const;

/** Text for Pango markup: escaped like XML, with control characters (which markup refuses) folded to spaces. */
const markup = (text: string) =>
  escapeHtml(
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
      .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ")
      .replace(/\s+/g, " ")
      .trim(),
  );

/**
 * White text wrapped to the text column (Pango measures it, so any script wraps right) at `px`; one that would
 * be taller than `maxHeight` is drawn as large as fits instead, so a long title shrinks rather than overflows.
 */
async function drawText(text: string, px: number, maxHeight: number, bold: boolean) {
  const options = {
    text: `<span foreground="white">${markup(text)}</span>`,
    font: `${PREVIEW_FONT}${bold ? " Bold" : ""} 12`,
    width: TEXT_WIDTH,
    rgba: true,
    wrap: "word-char" as const,
  };
  // Pango sizes a 12 pt font by the dpi: 72 dpi is 12 px.
  const natural = await sharp({ text: { ...options, dpi: Math.round((px * 72) / 12) } })
    .png()
    .toBuffer({ resolveWithObject: true });
  if (natural.info.height <= maxHeight) return natural;
  return sharp({ text: { ...options, height: maxHeight } })
    .png()
    .toBuffer({ resolveWithObject: true });
}

const SHADOW_BLUR = 14;
/** The shadow's canvas reaches this far around the picture (the blur spreads about 3 sigma), 10 px lower. */
const SHADOW_PAD = 3 * SHADOW_BLUR;
const SHADOW_DROP = 10;

/** The brand gradient, the same for every preview: drawn once per process. */
let backdrop: Promise<{ data: Buffer; info: OutputInfo }> | undefined;
const brandBackdrop = () =>
  (backdrop ??= sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <defs><linearGradient id="brand" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${GRADIENT[0]}"/><stop offset="1" stop-color="${GRADIENT[1]}"/>
  </linearGradient></defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#brand)"/>
</svg>`),
  )
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true }));

/** A soft shadow under the picture (blurred by sharp: an SVG filter over the whole canvas costs ten times more). */
const shadow = (width: number, height: number) =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width + 2 * SHADOW_PAD}" height="${height + 2 * SHADOW_PAD}">
  <rect x="${SHADOW_PAD}" y="${SHADOW_PAD}" width="${width}" height="${height}" rx="${CORNER}" fill-opacity="0.35"/>
</svg>`),
  )
    .blur(SHADOW_BLUR)
    .png()
    .toBuffer();

const roundedMask = (width: number, height: number) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" rx="${CORNER}"/></svg>`,
  );

/**
 * A listing's share preview: its picture, whole and with rounded corners, on the brand gradient at the left,
 * its title large beside it and the site's name below; a 1200x630 JPEG.
 */
export async function renderPreview(picture: Buffer, title: string): Promise<Buffer> {
  const fitted = await sharp(picture)
    .resize(FRAME.width, FRAME.height, { fit: "inside" })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = fitted.info;
  const left = MARGIN + Math.round((FRAME.width - width) / 2);
  const top = Math.round((HEIGHT - height) / 2);
  const [shown, background, under, heading, brand] = await Promise.all([
    sharp(fitted.data, { raw: fitted.info })
      .composite([{ input: roundedMask(width, height), blend: "dest-in" }])
      .png({ compressionLevel: 0 })
      .toBuffer(),
    brandBackdrop(),
    shadow(width, height),
    drawText(title, TITLE_PX, TITLE_MAX_HEIGHT, true),
    drawText(SITE_NAME, BRAND_PX, BRAND_PX * 2, false),
  ]);
  const brandTop = HEIGHT - MARGIN - brand.info.height;
  // The title sits in the middle of the space above the site's name.
  const headingTop = Math.max(MARGIN, Math.round((brandTop - heading.info.height) / 2));
  return sharp(background.data, { raw: background.info })
    .composite([
      { input: under, left: left - SHADOW_PAD, top: top - SHADOW_PAD + SHADOW_DROP },
      { input: shown, left, top },
      { input: heading.data, left: TEXT_LEFT, top: headingTop },
      { input: brand.data, left: TEXT_LEFT, top: brandTop },
    ])
    .jpeg({ quality: 85 })
    .toBuffer();
}
