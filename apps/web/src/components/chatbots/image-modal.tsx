import { Button, Dialog, DialogContent, DialogDescription, DialogTitle } from "@gallery/ui";
import { Link } from "@tanstack/react-router";
import { ArrowRight, Lock } from "lucide-react";
import type { RefObject } from "react";
import { LOGIN_URL } from "../../lib/login-url";
import type { listingLink } from "./listing-link";

interface Props {
  title: string;
  imageUrl: string | null;
  locked: boolean;
  /** The listing's page, linked under the image. */
  page?: ReturnType<typeof listingLink> | undefined;
  /** Where focus goes back when the modal closes (the image button that opened it). */
  returnFocusTo?: RefObject<HTMLElement | null>;
  onClose: () => void;
}

/** The full-size image, or for a visitor and an NSFW listing the invitation to sign in. */
export function ImageModal({ title, imageUrl, locked, page, returnFocusTo, onClose }: Props) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="max-w-3xl"
        // The modal opens without a Radix trigger (it loads on demand), so focus is handed back explicitly.
        onCloseAutoFocus={(event) => {
          if (!returnFocusTo?.current?.isConnected) return;
          event.preventDefault();
          returnFocusTo.current.focus();
        }}
      >
        <DialogTitle>{title}</DialogTitle>
        {locked ? (
          <div className="flex flex-col items-center gap-4 py-10 text-center">
            <Lock className="size-10 text-muted-foreground" aria-hidden />
            <DialogDescription>Sign in to view NSFW content</DialogDescription>
            <Button asChild>
              <a href={LOGIN_URL}>Sign In</a>
            </Button>
          </div>
        ) : imageUrl ? (
          <>
            <DialogDescription className="sr-only">Full-size image of {title}</DialogDescription>
            <img src={imageUrl} alt={title} className="mt-4 max-h-[75vh] w-full rounded-lg object-contain" />
          </>
        ) : (
          <DialogDescription className="py-10 text-center">No image available</DialogDescription>
        )}
        {page && !locked && (
          <Button asChild variant="outline" className="mt-2 w-fit self-end">
            <Link {...page} onClick={onClose}>
              View chatbot page <ArrowRight aria-hidden />
            </Link>
          </Button>
        )}
      </DialogContent>
    </Dialog>
  );
}
