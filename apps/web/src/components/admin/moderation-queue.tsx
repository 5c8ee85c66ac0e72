import type { ModerationAction, QueueItem } from "@gallery/schema";
import {
  DECISION_LABELS,
  POSSIBLY_COORDINATED,
  QUEUE_REASON_LABELS,
  type QueueReason,
} from "@gallery/schema/report-texts";
import {
  Badge,
  Button,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@gallery/ui";
import { useInfiniteQuery } from "@tanstack/react-query";
import { ChevronDown, ImageOff } from "lucide-react";
import { useId, useState } from "react";
import { useTRPC } from "../../lib/trpc";
import { useToastMutation } from "../../lib/use-toast-mutation";
import { LazyChatbotFormDialog } from "../chatbot-form/lazy-chatbot-form-dialog";
import { AdminCard, AdminListBody, NEXT_PAGE } from "./admin-list";
import { type PendingAction, QueueActionDialog } from "./queue-action-dialog";
import { useModerationFilters } from "./use-moderation-filters";

type Listing = NonNullable<QueueItem["listing"]>;

/** What each action's success toast says, by the outcome the server answers. */
const DONE: Record<string, string> = {
  dismissed: "Reports dismissed",
  "marked NSFW": "Marked NSFW",
  hidden: "Listing hidden",
  restored: "Listing restored",
  deleted: "Listing deleted",
  "creator suspended": "Creator suspended",
  "suspension lifted": "Suspension lifted",
  "review hidden": "Review hidden",
  "review restored": "Review restored",
  "review deleted": "Review deleted",
};

/** Each action's words on its button or menu item. */
const ACTION_LABELS: Record<ModerationAction, string> = {
  dismiss: "Dismiss",
  markNsfw: "Mark NSFW",
  hide: "Hide",
  restore: "Restore",
  delete: "Delete",
  suspend: "Suspend creator",
  lift: "Lift suspension",
};

/** The actions that take something away: never a row of red buttons; in the menu, and each asks first. */
const DESTRUCTIVE: readonly ModerationAction[] = ["hide", "delete", "suspend"];

/**
 * The moderation queue, the panel's first section: reported listings and profiles, the most recently reported
 * first, with counts per reason, the newest reports, an appeal's decision and message, and the target itself;
 * each action closes the target's open reports. Per item one primary action, the server's suggestion (the first
 * of `actions`, which lists only what would change something); the rest under "More actions", where the
 * destructive ones (hide, delete, suspend) ask first, hide and suspend for a reason.
 */
export function ModerationQueue() {
  const trpc = useTRPC();
  const query = useInfiniteQuery(trpc.moderation.queue.infiniteQueryOptions({}, NEXT_PAGE));
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [editing, setEditing] = useState<{ open: boolean; chatbot: Listing | null }>({ open: false, chatbot: null });
  const filters = useModerationFilters();
  const act = useToastMutation(trpc.moderation.act.mutationOptions(), {
    success: (result) => `${DONE[result.outcome] ?? result.outcome} (${closedText(result.closedReports)})`,
    failure: (error) => error.message,
    invalidate: filters,
  });
  const run = (item: QueueItem, action: ModerationAction, reason?: string) =>
    act.mutate(
      { targetKind: item.targetKind, targetId: item.targetId, action, reason },
      { onSettled: () => setPending(null) },
    );

  return (
    <>
      <AdminCard title="Moderation Queue">
        <AdminListBody query={query} what="The moderation queue" empty="No open reports" loadingHeight="h-32">
          {(items) => (
            <ul className="space-y-4" aria-label="Reported listings, profiles and reviews">
              {items.map((item) => (
                <QueueEntry
                  key={`${item.targetKind}:${item.targetId}`}
                  item={item}
                  busy={act.isPending}
                  onAction={(action) =>
                    DESTRUCTIVE.includes(action)
                      ? setPending({ item, action: action as PendingAction["action"] })
                      : run(item, action)
                  }
                  onEdit={(chatbot) => setEditing({ open: true, chatbot })}
                />
              ))}
            </ul>
          )}
        </AdminListBody>
      </AdminCard>
      <QueueActionDialog
        pending={pending}
        busy={act.isPending}
        onCancel={() => setPending(null)}
        onConfirm={(reason) => pending && run(pending.item, pending.action, reason)}
      />
      <LazyChatbotFormDialog
        variant="admin"
        open={editing.open}
        chatbot={editing.chatbot}
        onOpenChange={(open) => setEditing((current) => ({ ...current, open }))}
      />
    </>
  );
}

const closedText = (count: number) => (count === 1 ? "1 report closed" : `${count} reports closed`);

/** A queue entry and its actions: the item, whether an action is under way, and what its buttons do. */
interface EntryProps {
  item: QueueItem;
  busy: boolean;
  onAction: (action: ModerationAction) => void;
  onEdit: (chatbot: Listing) => void;
}

function QueueEntry(props: EntryProps) {
  const { item } = props;
  const { listing, profile, review } = item;
  const name = review
    ? `Review by ${review.authorName} of "${review.listingTitle}"`
    : listing
      ? listing.title
      : (profile?.name ?? "Deleted user");
  const coordinatedId = useId();
  return (
    <li className="space-y-3 rounded-lg border p-4" aria-label={name} data-testid="queue-item">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="outline">{TARGET_LABELS[item.targetKind]}</Badge>
        {item.isAppeal && <Badge>Appeal</Badge>}
        {item.possiblyCoordinated && (
          <Badge variant="warning" title={POSSIBLY_COORDINATED.explanation} aria-describedby={coordinatedId}>
            {POSSIBLY_COORDINATED.label}
          </Badge>
        )}
        {(Object.entries(item.reasonCounts) as Array<[QueueReason, number]>).map(([reason, count]) => (
          <Badge key={reason} variant="secondary">
            {QUEUE_REASON_LABELS[reason]}: {count}
          </Badge>
        ))}
      </div>
      <div className={item.duplicateOf ? "grid gap-4 md:grid-cols-2" : ""}>
        {review ? (
          <ReviewPreview review={review} />
        ) : listing ? (
          <ListingPreview listing={listing} label={item.duplicateOf ? "Reported listing" : undefined} />
        ) : profile ? (
          <p className="font-medium">{profile.name}</p>
        ) : (
          <p className="text-muted-foreground">This target no longer exists.</p>
        )}
        {item.duplicateOf && <ListingPreview listing={item.duplicateOf} label="Listed first" />}
      </div>
      {item.possiblyCoordinated && (
        <p id={coordinatedId} className="text-xs text-muted-foreground">
          {POSSIBLY_COORDINATED.explanation}
        </p>
      )}
      {profile?.suspended && (
        <p className="text-sm text-destructive">
          This creator is suspended
          {profile.suspensionReason ? `: ${profile.suspensionReason}` : ""}
        </p>
      )}
      {item.appeal && <AppealDetails appeal={item.appeal} />}
      <ul className="space-y-1 text-sm" aria-label="Newest reports">
        {item.latest
          .filter((entry) => !(item.appeal && entry.reason === "appeal"))
          .map((entry) => (
            <li key={`${entry.createdAt}-${entry.reason}`} className="text-muted-foreground">
              <span className="font-medium text-foreground">{QUEUE_REASON_LABELS[entry.reason]}</span> (
              {entry.reporterKind}, {new Date(entry.createdAt).toLocaleString()})
              {entry.details && <span className="block whitespace-pre-wrap break-words">“{entry.details}”</span>}
              {entry.originalUrl && (
                <a
                  href={entry.originalUrl}
                  rel="noreferrer nofollow"
                  target="_blank"
                  className="block break-all underline"
                >
                  {entry.originalUrl}
                </a>
              )}
            </li>
          ))}
      </ul>
      <QueueActions {...props} />
    </li>
  );
}

/**
 * One primary action (the server's suggestion) and "More actions": the others, then Edit, the destructive ones
 * last, in red, each opening its confirmation.
 */
function QueueActions(props: EntryProps) {
  const { item, busy, onAction, onEdit } = props;
  const [primary, ...others] = item.actions;
  const safe = others.filter((action) => !DESTRUCTIVE.includes(action));
  const destructive = others.filter((action) => DESTRUCTIVE.includes(action));
  const { listing } = item;
  const hasMenu = others.length > 0 || listing !== null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {primary && (
        <Button
          size="sm"
          variant={DESTRUCTIVE.includes(primary) ? "destructive" : "default"}
          disabled={busy}
          onClick={() => onAction(primary)}
        >
          {ACTION_LABELS[primary]}
        </Button>
      )}
      {hasMenu && (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button size="sm" variant="outline" disabled={busy}>
              More actions
              <ChevronDown aria-hidden className="size-4" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="start">
            {safe.map((action) => (
              <DropdownMenuItem key={action} onSelect={() => onAction(action)}>
                {ACTION_LABELS[action]}
              </DropdownMenuItem>
            ))}
            {listing && <DropdownMenuItem onSelect={() => onEdit(listing)}>Edit</DropdownMenuItem>}
            {destructive.length > 0 && <DropdownMenuSeparator />}
            {destructive.map((action) => (
              <DropdownMenuItem key={action} variant="destructive" onSelect={() => onAction(action)}>
                {ACTION_LABELS[action]}…
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
      )}
    </div>
  );
}

const TARGET_LABELS = { listing: "Listing", profile: "Profile", review: "Review" } as const;

/** A reported review: its stars, words, author, listing and the creator's reply (issue 38 §1). */
function ReviewPreview({ review }: { review: NonNullable<QueueItem["review"]> }) {
  return (
    <div className="space-y-1 text-sm">
      <p>
        <span className="font-medium">{review.authorName}</span>, {review.rating} out of 5 stars, on "
        {review.listingTitle}"{review.hidden && <Badge className="ml-2">Hidden</Badge>}
        {review.authorSuspended && (
          <Badge variant="outline" className="ml-2">
            Author suspended
          </Badge>
        )}
      </p>
      {review.text && <p className="whitespace-pre-wrap break-words">“{review.text}”</p>}
      {review.reply && (
        <p className="whitespace-pre-wrap break-words text-muted-foreground">Creator's reply: “{review.reply}”</p>
      )}
    </div>
  );
}

/** An appeal: the decision appealed (what, by whom, when, why) and what the creator wrote. */
function AppealDetails({ appeal }: { appeal: NonNullable<QueueItem["appeal"]> }) {
  const { decision } = appeal;
  return (
    <section aria-label="Appeal" className="space-y-1 rounded-md border border-border bg-muted/50 p-3 text-sm">
      <p>
        <span className="font-medium">Decision appealed:</span> {DECISION_LABELS[decision.kind]}, by{" "}
        {decision.decidedBy ?? "the system (reports)"} on{" "}
        <time dateTime={decision.decidedAt}>{new Date(decision.decidedAt).toLocaleString()}</time>
      </p>
      {decision.reason && (
        <p>
          <span className="font-medium">Reason given:</span> {decision.reason}
        </p>
      )}
      <p>
        <span className="font-medium">Creator's message</span> (
        <time dateTime={appeal.appealedAt}>{new Date(appeal.appealedAt).toLocaleString()}</time>):{" "}
        {appeal.message ? (
          <span className="whitespace-pre-wrap break-words">“{appeal.message}”</span>
        ) : (
          <span className="text-muted-foreground">no message</span>
        )}
      </p>
    </section>
  );
}

function ListingPreview({
  listing,
  label,
}: {
  listing: Listing | (QueueItem["duplicateOf"] & object);
  label?: string;
}) {
  const state = "state" in listing ? (listing as Listing).state : null;
  return (
    <div className="flex gap-3">
      <div className="flex h-20 w-14 shrink-0 items-center justify-center overflow-hidden rounded bg-muted">
        {listing.thumbnailUrl ? (
          <img src={listing.thumbnailUrl} alt={listing.title} className="h-full w-full object-cover" />
        ) : (
          <ImageOff className="h-4 w-4 text-muted-foreground" aria-label="No image" />
        )}
      </div>
      <div className="min-w-0 space-y-1">
        {label && <p className="text-xs font-medium uppercase text-muted-foreground">{label}</p>}
        <p className="font-medium break-words">{listing.title}</p>
        <p className="text-sm text-muted-foreground">by {listing.userName}</p>
        <div className="flex flex-wrap gap-1">
          <Badge variant={listing.nsfw ? "destructive" : "success"}>{listing.nsfw ? "NSFW" : "SFW"}</Badge>
          {state?.hidden && <Badge variant="outline">Hidden</Badge>}
          {state?.reviewPending && <Badge variant="outline">Hidden pending review</Badge>}
          {state?.ownerSuspended && <Badge variant="outline">Creator suspended</Badge>}
        </div>
      </div>
    </div>
  );
}
