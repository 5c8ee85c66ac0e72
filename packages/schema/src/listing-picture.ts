/**
 * The sources of a listing page's large picture: the card-size variant (400 px wide) and the original (1024 px),
 * picked by the browser for the picture's width. One home for the web page's <img> and the served head's
 * preload of it, which only helps when both name the very same sources.
 */
export interface PictureSources {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/** The page picture's width: 360 px beside the text from 768 px, 400 px from 1024 px, else the screen's. */
const PAGE_PICTURE_SIZES = "(min-width: 1024px) 400px, (min-width: 768px) 360px, 100vw";

export function pagePictureSources(thumbnailUrl: string | null, imageUrl: string | null): PictureSources | null {
  const src = thumbnailUrl ?? imageUrl;
  if (!src) return null;
  if (!thumbnailUrl || !imageUrl || imageUrl === thumbnailUrl) return { src };
  return { src, srcSet: `${thumbnailUrl} 400w, ${imageUrl} 1024w`, sizes: PAGE_PICTURE_SIZES };
}

/**
 * A card's picture (grid and rails): the card-size variant, else the original. One home for the cards' <img> and
 * the served gallery's preload of the first rail's pictures.
 */
export const cardPicture = (listing: { thumbnailUrl: string | null; imageUrl: string | null }): string | null =>
  listing.thumbnailUrl ?? listing.imageUrl;
