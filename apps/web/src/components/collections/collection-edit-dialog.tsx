import type { CollectionSummary } from "@gallery/schema";
import { COLLECTION_DESCRIPTION_MAX, COLLECTION_TEXTS } from "@gallery/schema/collections-texts";
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Label,
  Textarea,
  toast,
} from "@gallery/ui";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { failureReason } from "../../lib/errors";
import { useTRPC } from "../../lib/trpc";
import { PublicField, TitleField } from "./collection-fields";

/**
 * The owner's "Edit collection": its title, description and whether it is public. The server checks the fields (its
 * refusal is shown in its words); a saved change refreshes the page and the owner's lists.
 */
export default function CollectionEditDialog({
  collection,
  open,
  onOpenChange,
}: {
  collection: CollectionSummary;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const ids = useId();
  const [title, setTitle] = useState(collection.title);
  const [description, setDescription] = useState(collection.description ?? "");
  const [isPublic, setIsPublic] = useState(collection.public);
  const update = useMutation({
    ...trpc.collections.update.mutationOptions(),
    onSuccess: async () => {
      toast.success(COLLECTION_TEXTS.saved);
      await queryClient.invalidateQueries(trpc.collections.pathFilter());
      onOpenChange(false);
    },
  });
  return (
    <Dialog open={open} onOpenChange={(next) => !update.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{COLLECTION_TEXTS.edit}</DialogTitle>
          <DialogDescription>{collection.title}</DialogDescription>
        </DialogHeader>
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            update.mutate({ id: collection.id, title, description, public: isPublic });
          }}
        >
          <TitleField id={`${ids}-title`} value={title} onChange={setTitle} />
          <div className="space-y-1">
            <Label htmlFor={`${ids}-description`}>{COLLECTION_TEXTS.descriptionLabel}</Label>
            <Textarea
              id={`${ids}-description`}
              rows={4}
              maxLength={COLLECTION_DESCRIPTION_MAX}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              aria-describedby={`${ids}-count`}
            />
            <p id={`${ids}-count`} className="text-right text-xs text-muted-foreground">
              {description.length}/{COLLECTION_DESCRIPTION_MAX}
            </p>
          </div>
          <PublicField checked={isPublic} onChange={setIsPublic} />
          {update.isError && (
            <p role="alert" className="text-sm text-destructive">
              {failureReason(update.error)}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={update.isPending} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {COLLECTION_TEXTS.save}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
