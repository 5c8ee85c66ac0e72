import {
  addedToCollection,
  COLLECTION_TEXTS,
  collectionCount,
  removedFromCollection,
} from "@gallery/schema/collections-texts";
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  type DialogOpenProps,
  DialogTitle,
  toast,
} from "@gallery/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Lock } from "lucide-react";
import { useId, useRef, useState } from "react";
import { failureReason } from "../../lib/errors";
import { withoutReload } from "../../lib/form";
import { useTRPC, useTRPCClient } from "../../lib/trpc";
import { toastError } from "../../lib/unauthorized";
import { PublicField, TitleField } from "./collection-fields";

export interface CollectedListing {
  id: string;
  title: string;
}

interface Props extends DialogOpenProps {
  chatbot: CollectedListing;
}

/**
 * "Add to collection" (issue 38 §2): the member's collections, each a checkbox saying whether it holds the listing
 * (the server's `contains`), ticked to add and unticked to remove; and "New collection" made in place (title,
 * public or private) with the listing as its first item, in one call. Every outcome is a toast in the schema's words.
 */
export default function AddToCollectionDialog({ chatbot, open, onOpenChange }: Props) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const ids = useId();
  const mineOptions = trpc.collections.mine.queryOptions({ chatbotId: chatbot.id });
  const mine = useQuery({ ...mineOptions, enabled: open });
  const refresh = () => queryClient.invalidateQueries(trpc.collections.pathFilter());
  const [title, setTitle] = useState("");
  const [isPublic, setIsPublic] = useState(false);

  // What the member asked for, shown at once until the server's answer is read again (then `contains` says it);
  // one change of a collection at a time (not disabled meanwhile: that would drop the keyboard's focus).
  const [asked, setAsked] = useState<Record<string, boolean>>({});
  const pending = useRef(new Set<string>());
  const change = async (collection: { id: string; title: string }, add: boolean) => {
    if (pending.current.has(collection.id)) return;
    pending.current.add(collection.id);
    setAsked((current) => ({ ...current, [collection.id]: add }));
    const item = { id: collection.id, chatbotId: chatbot.id };
    try {
      await (add ? client.collections.add.mutate(item) : client.collections.remove.mutate(item));
      toast.success(add ? addedToCollection(collection.title) : removedFromCollection(collection.title));
    } catch (error) {
      toastError(error, failureReason(error));
    }
    await refresh();
    pending.current.delete(collection.id);
    setAsked(({ [collection.id]: _, ...rest }) => rest);
  };

  const create = useMutation({
    ...trpc.collections.create.mutationOptions(),
    onSuccess: (made) => {
      toast.success(addedToCollection(made.title));
      setTitle("");
      setIsPublic(false);
      void refresh();
    },
  });

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) create.reset();
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{COLLECTION_TEXTS.addToCollection}</DialogTitle>
          <DialogDescription>
            {chatbot.title}: {COLLECTION_TEXTS.dialogDescription}
          </DialogDescription>
        </DialogHeader>
        <fieldset className="space-y-1" aria-busy={mine.isPending}>
          <legend className="sr-only">Your collections</legend>
          {mine.isPending && <p className="text-sm text-muted-foreground">Loading…</p>}
          {mine.isError && (
            <div role="alert" className="space-y-2 text-sm">
              <p className="text-destructive">{failureReason(mine.error)}</p>
              <Button variant="outline" size="sm" onClick={() => void mine.refetch()}>
                Try again
              </Button>
            </div>
          )}
          {mine.data?.length === 0 && <p className="text-sm text-muted-foreground">{COLLECTION_TEXTS.noCollections}</p>}
          {mine.data && mine.data.length > 0 && (
            <ul className="max-h-72 space-y-1 overflow-y-auto" data-testid="my-collections">
              {mine.data.map((collection) => (
                <li key={collection.id}>
                  <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 py-1.5 hover:bg-accent/60">
                    <input
                      type="checkbox"
                      className="size-4 shrink-0 accent-primary"
                      checked={asked[collection.id] ?? collection.contains}
                      onChange={(event) => void change(collection, event.target.checked)}
                    />
                    <span className="min-w-0 flex-1 truncate">{collection.title}</span>
                    <span className="flex shrink-0 items-center gap-1 text-xs text-muted-foreground">
                      {!collection.public && <Lock aria-hidden className="size-3" />}
                      {collection.public ? COLLECTION_TEXTS.publicLabel : COLLECTION_TEXTS.privateLabel} ·{" "}
                      {collectionCount(collection.itemCount)}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
        <form
          className="space-y-3 border-t pt-4"
          aria-labelledby={`${ids}-new`}
          onSubmit={withoutReload(() => create.mutate({ title, public: isPublic, chatbotId: chatbot.id }))}
        >
          <h3 id={`${ids}-new`} className="text-sm font-semibold">
            {COLLECTION_TEXTS.newCollection}
          </h3>
          <TitleField
            id={`${ids}-title`}
            value={title}
            onChange={setTitle}
            errorId={create.isError ? `${ids}-error` : undefined}
          />
          <PublicField checked={isPublic} onChange={setIsPublic} />
          {create.isError && (
            <p id={`${ids}-error`} role="alert" className="text-sm text-destructive">
              {failureReason(create.error)}
            </p>
          )}
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? COLLECTION_TEXTS.creating : COLLECTION_TEXTS.create}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
