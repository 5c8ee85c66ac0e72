import { Button } from "@gallery/ui";
import { useState } from "react";
import { LazyConfirmDialog } from "../common/lazy-confirm-dialog";

/**
 * A member's Delete of their own review or reply: a quiet button (while `offered`), then the confirmation, whose
 * button says the same words ('Deleting...' while it runs). It closes once the delete settles, whether it worked or
 * not (the mutation's toast says which).
 */
export function DeleteOwnButton<I>(props: {
  label: string;
  title: string;
  description: string;
  mutation: { isPending: boolean; mutate: (input: I, options: { onSettled: () => void }) => void };
  input: I;
  offered?: boolean;
}) {
  const { label, mutation, input, offered = true, ...texts } = props;
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      {offered && (
        <Button size="sm" variant="ghost" className="max-sm:h-11" onClick={() => setConfirming(true)}>
          {label}
        </Button>
      )}
      <LazyConfirmDialog
        {...texts}
        open={confirming}
        onOpenChange={setConfirming}
        confirmLabel={label}
        pendingLabel="Deleting..."
        pending={mutation.isPending}
        onConfirm={() => mutation.mutate(input, { onSettled: () => setConfirming(false) })}
      />
    </>
  );
}
