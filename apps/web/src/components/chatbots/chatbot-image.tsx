import { Bot, EyeOff, Lock } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { useAgeCheckOnDemand } from "../members/use-age-check";
import type { Reveal } from "./chatbot-display";
import type { listingLink } from "./listing-link";

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
}

// Intrinsic size of the box (3:2), so the browser reserves the space before the image arrives.
const WIDTH = 480;
const HEIGHT = 320;

function Placeholder({ locked }: { locked: boolean }) {
  return (
    <div className="flex h-full w-full flex-col items-center justify-center gap-2 bg-gradient-to-br from-muted to-secondary text-muted-foreground">
      {locked ? <Lock className="size-8" aria-hidden /> : <Bot className="size-10" aria-hidden />}
      {locked && <span className="text-sm font-medium">Sign in to view</span>}
    </div>
  );
}

/** The card's image; a click opens the full-size image in a modal. */
export function ChatbotImage({ title, thumbnailUrl, imageUrl, locked, priority = false, page, reveal }: Props) {
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
  const src = locked ? null : (shown.thumbnailUrl ?? shown.imageUrl);
  return (
    <>
      <button
        ref={trigger}
        type="button"
        onClick={() => (blurred ? void revealOrAsk() : setOpen(true))}
        aria-label={blurred ? `Reveal NSFW image of ${title}` : `View image of ${title}`}
        data-blurred={blurred || undefined}
        className="group relative block aspect-[3/2] w-full cursor-zoom-in overflow-hidden bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
      >
        {src ? (
          <img
            src={src}
            alt={title}
            width={WIDTH}
            height={HEIGHT}
            loading={priority ? "eager" : "lazy"}
            fetchPriority={priority ? "high" : "auto"}
            decoding="async"
            className="h-full w-full object-cover object-[50%_20%] transition-transform duration-300 group-hover:scale-105"
          />
        ) : (
          <Placeholder locked={locked} />
        )}
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
