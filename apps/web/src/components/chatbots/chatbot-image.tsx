import { cardPicture, pagePictureSources } from "@gallery/schema/listing-picture";
import { cn } from "@gallery/ui";
import { Bot, EyeOff, Lock } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { useAgeCheckOnDemand } from "../members/use-age-check";
import type { Reveal } from "./chatbot-display";
import type { listingLink } from "./listing-link";
import { usePictureRetry } from "./use-picture-retry";

// The modal's dialog code loads on the first click, not with the gallery.
const AgeDialog = lazy(() => import("../members/age-dialog"));
const ImageModal = lazy(() => import("./image-modal").then((module) => ({ default: module.ImageModal })));

interface Props {
  title: string;
  /** Card-size image (the grid never loads the original). */
  thumbnailUrl: string | null;
  /** Full-size image, loaded only when the modal opens. */
  imageUrl: string | null;
  /** Signed-out visitor and NSFW listing: never show the image. */
  locked: boolean;
  /** First row of the grid: load eagerly for LCP. */
  priority?: boolean;
  /** The listing's page, linked from the modal (cards). */
  page?: ReturnType<typeof listingLink> | undefined;
  /**
   * Blurred by the server (the member's NSFW display is Blur): the images above are the blurred copy and
   * these the originals, not requested until the member clicks to reveal.
   */
  reveal?: Reveal | undefined;
  /** The point the crop keeps in view, percent from the left and from the top (the creator's choice). */
  focus: { x: number; y: number };
  /**
   * "card": a 2:3 crop of the card-size variant. "page": the listing page's large picture in the shape
   * creators are asked for (1:2), the original for wide or dense screens.
   */
  variant?: "card" | "page";
}

// Intrinsic sizes of the boxes, so the browser reserves the space before the image arrives.
const SIZES = {
  card: { width: 400, height: 600, box: "aspect-[2/3]" },
  page: { width: 512, height: 1024, box: "aspect-[1/2]" },
} as const;

function Placeholder({ state }: { state: "locked" | "none" | "failed" }) {
  return (
    <div className="flex h-full w-full flex-col items-center justify-center gap-2 bg-gradient-to-br from-muted to-secondary p-3 text-center text-muted-foreground">
      {state === "locked" ? <Lock className="size-8" aria-hidden /> : <Bot className="size-10" aria-hidden />}
      {state === "locked" && <span className="text-sm font-medium">Sign in to view</span>}
      {state === "failed" && <span className="text-sm font-medium">Picture unavailable</span>}
    </div>
  );
}

/** The card's image; a click opens the full-size image in a modal. */
export function ChatbotImage(props: Props) {
  const { title, thumbnailUrl, imageUrl, locked, priority = false, page, reveal, focus, variant = "card" } = props;
  const [open, setOpen] = useState(false);
  const [revealed, setRevealed] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const blurred = reveal !== undefined && !revealed;
  // Not yet answered: the age question comes before the first NSFW picture (asked on the click, so the
  // gallery's own reads stay shared).
  const ageCheck = useAgeCheckOnDemand();
  const [asking, setAsking] = useState(false);
  const revealOrAsk = async () => ((await ageCheck()) === "unanswered" ? setAsking(true) : setRevealed(true));
  const shown = reveal && revealed ? reveal : { thumbnailUrl, imageUrl };
  const src = locked ? null : cardPicture(shown);
  // A picture that does not load (a busy server, offline, gone from storage) gets the designed placeholder, not
  // the browser's broken-image icon, and is tried again later (use-picture-retry.ts); a new source at once.
  const { failed, onError } = usePictureRetry(src);
  const size = SIZES[variant];
  // The page picture lets the browser pick the original on a wide or dense screen (as the served head preloads it).
  const sources = variant === "page" ? pagePictureSources(shown.thumbnailUrl, shown.imageUrl) : null;
  return (
    <>
      <button
        ref={trigger}
        type="button"
        onClick={() => (blurred ? void revealOrAsk() : setOpen(true))}
        // The name starts with what the blurred picture says on it ("Click to reveal").
        aria-label={blurred ? `Click to reveal NSFW image of ${title}` : `View image of ${title}`}
        data-blurred={blurred || undefined}
        className={cn(
          "group relative block w-full cursor-zoom-in overflow-hidden bg-muted focus-visible:outline-none",
          size.box,
        )}
      >
        {src && !failed ? (
          <img
            src={src}
            srcSet={sources?.srcSet}
            sizes={sources?.sizes}
            alt={title}
            width={size.width}
            height={size.height}
            loading={priority ? "eager" : "lazy"}
            fetchPriority={priority ? "high" : "auto"}
            decoding="async"
            onError={onError}
            style={{ objectPosition: `${focus.x}% ${focus.y}%` }}
            className={cn(
              "h-full w-full object-cover",
              variant === "card" && "transition-transform duration-300 group-hover:scale-105",
            )}
          />
        ) : (
          <Placeholder state={locked ? "locked" : failed ? "failed" : "none"} />
        )}
        {/* The focus ring is drawn over the picture (an inset ring on the button is painted under it). */}
        <span
          aria-hidden
          className="pointer-events-none absolute inset-0 rounded-[inherit] ring-inset group-focus-visible:ring-4 group-focus-visible:ring-ring"
        />
        {blurred && (
          <span className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center gap-1 bg-black/30 text-sm font-medium text-white">
            <EyeOff className="size-6" aria-hidden />
            Click to reveal
          </span>
        )}
      </button>
      {asking && (
        <Suspense fallback={null}>
          <AgeDialog
            open
            onClose={(adult) => {
              setAsking(false);
              if (adult) setRevealed(true);
            }}
          />
        </Suspense>
      )}
      {open && (
        <Suspense fallback={null}>
          <ImageModal
            title={title}
            imageUrl={shown.imageUrl}
            locked={locked}
            page={page}
            returnFocusTo={trigger}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
