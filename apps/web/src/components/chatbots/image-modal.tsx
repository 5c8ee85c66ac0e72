import { Button, Dialog, DialogContent, DialogDescription, DialogTitle } from "@gallery/ui";
import { Lock } from "lucide-react";
import { LOGIN_URL } from "../../lib/unauthorized";

interface Props {
  title: string;
  imageUrl: string | null;
  locked: boolean;
  onClose: () => void;
}

/** The full-size image, or for a visitor and an NSFW listing the invitation to sign in. */
export function ImageModal({ title, imageUrl, locked, onClose }: Props) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl">
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
      </DialogContent>
    </Dialog>
  );
}
