import { RAIL_TEXTS } from "@gallery/schema/rails";
import type { MouseEvent } from "react";

/** The gallery's section on the home page (pages/browse.tsx), the target of "Skip to the gallery". */
export const GALLERY_ID = "gallery";

/**
 * The home page's first Tab stop (issue 40): past the header and the rails' thirty-odd links, straight to the gallery,
 * which takes the focus. Shown when focused, like "Skip to content" after it. A plain link without the app.
 */
export function GallerySkipLink({ className }: { className: string }) {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const gallery = document.getElementById(GALLERY_ID);
    if (!gallery) return;
    event.preventDefault();
    gallery.focus({ preventScroll: true });
    gallery.scrollIntoView({ block: "start" });
  };
  return (
    <a href={`#${GALLERY_ID}`} onClick={skip} className={className}>
      {RAIL_TEXTS.skipToGallery}
    </a>
  );
}
