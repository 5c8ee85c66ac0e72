import type { Review } from "@gallery/schema";
import { helpfulCountText, REVIEW_NOTICES, REVIEW_REPLY_MAX } from "@gallery/schema/reviews-texts";
import { Avatar, Button, CountedTextarea } from "@gallery/ui";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ThumbsUp } from "lucide-react";
import { useId, useState } from "react";
import { withoutReload } from "../../lib/form";
import { useTRPC } from "../../lib/trpc";
import { toastError } from "../../lib/unauthorized";
import { ReportButton } from "../moderation/report-button";
import { DeleteOwnButton } from "./delete-own-button";
import { useReviewInvalidation, useReviewWrite } from "./review-queries";
import { Stars } from "./stars";

export const reviewDate = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" });

interface Props {
  review: Review;
  /** The signed-in member's id (none for a visitor). */
  viewerId: string | null;
  /** Whether the member marked it helpful (reviews.mine). */
  markedHelpful: boolean;
  /** The server says the member made the listing: they may reply. */
  isCreator: boolean;
}

/** One review: stars, author (to their profile), date, text, helpful count and toggle, Report, the creator's reply. */
export function ReviewItem({ review, viewerId, markedHelpful, isCreator }: Props) {
  const own = viewerId === review.author.id;
  return (
    <li>
      <article aria-label={`Review by ${review.author.name}`} className="space-y-2 rounded-lg border p-4">
        <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <ReviewByline review={review} />
        </header>
        {review.text && <p className="whitespace-pre-wrap break-words">{review.text}</p>}
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <HelpfulControl review={review} show={viewerId !== null && !own} marked={markedHelpful} />
          {!own && (
            <ReportButton
              target={{ kind: "review", id: review.id, name: review.author.name }}
              className="ml-auto max-sm:h-11"
            />
          )}
        </div>
        <ReplyBlock review={review} isCreator={isCreator} />
      </article>
    </li>
  );
}

/** A review's stars, its author (to their profile) and its date: the listing page's reviews and the dashboard's. */
export function ReviewByline({ review }: { review: Pick<Review, "rating" | "author" | "createdAt"> }) {
  return (
    <>
      <Stars rating={review.rating} />
      <Link
        to="/profile/$userId"
        params={{ userId: review.author.id }}
        className="inline-flex min-h-6 items-center gap-2 font-medium hover:underline"
      >
        <Avatar src={review.author.avatarUrl} fallback={review.author.name.slice(0, 1)} className="size-6 text-xs" />
        {review.author.name}
      </Link>
      <time dateTime={review.createdAt} className="text-sm text-muted-foreground">
        {reviewDate(review.createdAt)}
      </time>
    </>
  );
}

/** The helpful count and, for another member, the toggle; the server's answer is what it shows afterwards. */
function HelpfulControl({ review, show, marked }: { review: Review; show: boolean; marked: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const invalidate = useReviewInvalidation(review.chatbotId);
  // No toast for a helpful mark (the button's state says it); a refusal is told as the server words it.
  const settled = {
    onSettled: () => Promise.all(invalidate.map((filters) => queryClient.invalidateQueries(filters))),
    onError: (error: { message: string }) => toastError(error, error.message),
  };
  const mark = useMutation(trpc.reviews.markHelpful.mutationOptions(settled));
  const unmark = useMutation(trpc.reviews.unmarkHelpful.mutationOptions(settled));
  const answer = (mark.submittedAt > unmark.submittedAt ? mark.data : unmark.data) ?? null;
  const pressed = answer?.helpful ?? marked;
  const count = answer?.helpfulCount ?? review.helpfulCount;
  return (
    <>
      {show && (
        <Button
          size="sm"
          variant={pressed ? "secondary" : "outline"}
          aria-pressed={pressed}
          disabled={mark.isPending || unmark.isPending}
          className="max-sm:h-11"
          onClick={() => (pressed ? unmark : mark).mutate({ reviewId: review.id })}
        >
          <ThumbsUp aria-hidden className="size-4" />
          Helpful
        </Button>
      )}
      <span data-testid="helpful-count">{helpfulCountText(count)}</span>
    </>
  );
}

/** The creator's one reply; the creator writes, edits or deletes it here. */
function ReplyBlock({ review, isCreator }: { review: Review; isCreator: boolean }) {
  const trpc = useTRPC();
  const [editing, setEditing] = useState(false);
  const remove = useReviewWrite(
    trpc.reviews.deleteReply.mutationOptions(),
    review.chatbotId,
    REVIEW_NOTICES.replyDeleted,
  );
  const reply = review.reply;
  if (editing) {
    return <ReplyForm review={review} onDone={() => setEditing(false)} />;
  }
  return (
    <>
      {reply && (
        <section aria-label="The creator's reply" className="ml-4 space-y-1 border-l-2 pl-3">
          <p className="text-sm font-medium">
            Reply from the creator{" "}
            <time dateTime={reply.createdAt} className="font-normal text-muted-foreground">
              · {reviewDate(reply.createdAt)}
            </time>
          </p>
          <p className="whitespace-pre-wrap break-words text-sm">{reply.text}</p>
        </section>
      )}
      {isCreator && (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" className="max-sm:h-11" onClick={() => setEditing(true)}>
            {reply ? "Edit reply" : "Reply"}
          </Button>
          <DeleteOwnButton
            offered={Boolean(reply)}
            label="Delete reply"
            title="Delete your reply?"
            description="Your reply to this review is removed. You can reply again afterwards."
            mutation={remove}
            input={{ reviewId: review.id }}
          />
        </div>
      )}
    </>
  );
}

function ReplyForm({ review, onDone }: { review: Review; onDone: () => void }) {
  const trpc = useTRPC();
  const ids = useId();
  const [text, setText] = useState(review.reply?.text ?? "");
  const written = { onSuccess: onDone };
  const post = useReviewWrite(trpc.reviews.reply.mutationOptions(written), review.chatbotId, REVIEW_NOTICES.replied);
  const edit = useReviewWrite(
    trpc.reviews.editReply.mutationOptions(written),
    review.chatbotId,
    REVIEW_NOTICES.replyUpdated,
  );
  const write = review.reply ? edit : post;
  return (
    <form
      className="ml-4 space-y-2 border-l-2 pl-3"
      aria-label="Reply to the review"
      onSubmit={withoutReload(() => write.mutate({ reviewId: review.id, text }))}
    >
      <CountedTextarea
        id={`${ids}-reply`}
        label="Your reply"
        className="space-y-2"
        rows={3}
        required
        maxLength={REVIEW_REPLY_MAX}
        value={text}
        onValueChange={setText}
        grouped
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={!text.trim() || write.isPending}>
          {write.isPending ? "Saving..." : review.reply ? "Save reply" : "Post reply"}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
