import type { CollectionSummary } from "@gallery/schema";
import { COLLECTION_DESCRIPTION_MAX, COLLECTION_TEXTS } from "@gallery/schema/collections-texts";
import { CountedTextarea, type DialogOpenProps, FormDialog, toast } from "@gallery/ui";
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
}: DialogOpenProps & { collection: CollectionSummary }) {
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
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={COLLECTION_TEXTS.edit}
      description={collection.title}
      onSubmit={() => update.mutate({ id: collection.id, title, description, public: isPublic })}
      submitLabel={COLLECTION_TEXTS.save}
      pending={update.isPending}
      error={update.isError && failureReason(update.error)}
    >
      <TitleField id={`${ids}-title`} value={title} onChange={setTitle} />
      <CountedTextarea
        id={`${ids}-description`}
        label={COLLECTION_TEXTS.descriptionLabel}
        rows={4}
        maxLength={COLLECTION_DESCRIPTION_MAX}
        value={description}
        onValueChange={setDescription}
      />
      <PublicField checked={isPublic} onChange={setIsPublic} />
    </FormDialog>
  );
}
