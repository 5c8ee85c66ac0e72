import { COLLECTION_TEXTS } from "@gallery/schema/collections-texts";
import { Button, type DialogOpenProps } from "@gallery/ui";
import { FolderPlus } from "lucide-react";
import { lazy, useState } from "react";
import { useAuth } from "../../auth/use-auth";
import { OnceOpened } from "../common/once-opened";
import { LazySignInPrompt } from "../members/lazy-sign-in-prompt";
import type { CollectedListing } from "./add-to-collection-dialog";

// The dialog and the sign-in prompt load on first use: most visits never collect anything.
const AddToCollectionDialog = lazy(() => import("./add-to-collection-dialog"));

/**
 * "Add to collection" once asked for (a card's menu, the listing page): a member's dialog, a visitor's invitation to
 * sign in. Mounted from its first opening on, so it can animate closed.
 */
export function AddToCollectionWhenOpen({
  chatbot,
  open,
  onOpenChange,
}: DialogOpenProps & { chatbot: CollectedListing }) {
  const { isAuthenticated } = useAuth();
  return (
    <OnceOpened open={open}>
      {isAuthenticated ? (
        <AddToCollectionDialog chatbot={chatbot} open={open} onOpenChange={onOpenChange} />
      ) : (
        <LazySignInPrompt open={open} title={COLLECTION_TEXTS.signInTitle} onOpenChange={onOpenChange} />
      )}
    </OnceOpened>
  );
}

/** The listing page's "Add to collection" button. */
export function AddToCollectionButton({ chatbot }: { chatbot: CollectedListing }) {
  const { isLoading } = useAuth();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" disabled={isLoading} onClick={() => setOpen(true)}>
        <FolderPlus className="size-4" aria-hidden />
        {COLLECTION_TEXTS.addToCollection}
      </Button>
      <AddToCollectionWhenOpen chatbot={chatbot} open={open} onOpenChange={setOpen} />
    </>
  );
}
