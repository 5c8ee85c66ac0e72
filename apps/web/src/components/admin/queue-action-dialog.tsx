import type { QueueItem } from "@gallery/schema";
import { MODERATION_REASON_MAX } from "@gallery/schema/report-texts";
import { ConfirmDialog, TextAreaField } from "@gallery/ui";
import { useEffect, useId, useState } from "react";

export interface PendingAction {
  item: QueueItem;
  action: "hide" | "delete" | "suspend";
}

const TEXTS = {
  hide: {
    title: "Hide listing",
    description: (name: string) =>
      `"${name}" will be seen only by its creator and moderators, with your reason, until it is restored.`,
    confirm: "Hide",
    pending: "Hiding...",
  },
  delete: {
    title: "Delete Chatbot",
    description: (name: string) => `Are you sure you want to delete "${name}"? This action cannot be undone.`,
    confirm: "Delete",
    pending: "Deleting...",
  },
  suspend: {
    title: "Suspend creator",
    description: (name: string) =>
      `${name} will still sign in and see their own things, but nothing of theirs will be public and they cannot publish until the suspension is lifted.`,
    confirm: "Suspend",
    pending: "Suspending...",
  },
} as const;

/** A reported review's (issue 38 §1): hidden from all but its author and out of the average, or deleted. */
const REVIEW_TEXTS = {
  hide: {
    title: "Hide review",
    description: (name: string) =>
      `Only its author will see ${name}, with your reason, and it leaves the listing's average until it is restored.`,
    confirm: "Hide",
    pending: "Hiding...",
  },
  delete: {
    title: "Delete review",
    description: (name: string) => `Are you sure you want to delete ${name}? This action cannot be undone.`,
    confirm: "Delete",
    pending: "Deleting...",
  },
} as const;

/** The confirmation of a destructive queue action; hide and suspend take a reason the creator will read. */
export function QueueActionDialog(props: {
  pending: PendingAction | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (reason: string | undefined) => void;
}) {
  const { pending, busy, onCancel, onConfirm } = props;
  const [reason, setReason] = useState("");
  const id = useId();
  useEffect(() => {
    if (pending) setReason("");
  }, [pending]);
  const review = pending?.item.review ?? null;
  const texts =
    review && pending?.action !== "suspend"
      ? REVIEW_TEXTS[pending?.action ?? "delete"]
      : pending
        ? TEXTS[pending.action]
        : TEXTS.delete;
  const needsReason = pending?.action !== "delete";
  const name = review
    ? `the review by ${review.authorName} of "${review.listingTitle}"`
    : pending?.action === "suspend"
      ? (pending.item.profile?.name ?? "This creator")
      : (pending?.item.listing?.title ?? "");
  return (
    <ConfirmDialog
      open={pending !== null}
      onOpenChange={(open) => !open && onCancel()}
      title={texts.title}
      description={texts.description(name)}
      confirmLabel={texts.confirm}
      pendingLabel={texts.pending}
      pending={busy}
      confirmDisabled={needsReason && !reason.trim()}
      onConfirm={() => onConfirm(needsReason ? reason.trim() : undefined)}
    >
      {needsReason && (
        <TextAreaField
          id={id}
          label="Reason (shown to the creator)"
          className="space-y-1"
          rows={3}
          maxLength={MODERATION_REASON_MAX}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      )}
    </ConfirmDialog>
  );
}
