import type { CollectionSummary } from "@gallery/schema";
import { COLLECTION_TEXTS } from "@gallery/schema/collections-texts";
import { Button, ConfirmDialog, toast } from "@gallery/ui";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { Pencil, Trash2 } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useTRPC } from "../../lib/trpc";
import { toastError } from "../../lib/unauthorized";

const CollectionEditDialog = lazy(() => import("./collection-edit-dialog"));

/** The owner's Edit (title, description, visibility) and Delete (confirmed; then their profile) of a collection. */
export function OwnerTools({ collection }: { collection: CollectionSummary }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useMutation({
    ...trpc.collections.delete.mutationOptions(),
    onSuccess: () => {
      toast.success(COLLECTION_TEXTS.deleted);
      setDeleting(false);
      queryClient.removeQueries(trpc.collections.byId.pathFilter());
      void queryClient.invalidateQueries(trpc.collections.pathFilter());
      void navigate({ to: "/profile/$userId", params: { userId: collection.ownerId } });
    },
    onError: (error) => {
      setDeleting(false);
      toastError(error, COLLECTION_TEXTS.changeFailed);
    },
  });
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
        <Pencil aria-hidden className="size-4" />
        {COLLECTION_TEXTS.edit}
      </Button>
      <Button variant="ghost" size="sm" className="text-destructive" onClick={() => setDeleting(true)}>
        <Trash2 aria-hidden className="size-4" />
        {COLLECTION_TEXTS.delete}
      </Button>
      {editing && (
        <Suspense fallback={null}>
          <CollectionEditDialog collection={collection} open={editing} onOpenChange={setEditing} />
        </Suspense>
      )}
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={`${COLLECTION_TEXTS.delete}: “${collection.title}”?`}
        description={COLLECTION_TEXTS.deleteDescription}
        confirmLabel={COLLECTION_TEXTS.delete}
        pendingLabel={COLLECTION_TEXTS.deleting}
        pending={remove.isPending}
        onConfirm={() => remove.mutate({ id: collection.id })}
      />
    </>
  );
}
