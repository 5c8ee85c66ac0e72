import { REVIEW_NOTICES, REVIEW_SORTS, type ReviewSort } from "@gallery/schema/reviews-texts";
import type { Chatbot } from "@gallery/schema/types";
import { Button, Label, NativeSelect } from "@gallery/ui";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useId, useState } from "react";
import { useAuth } from "../../auth/use-auth";
import { failureReason } from "../../lib/errors";
import { useTRPC } from "../../lib/trpc";
import { RetryButton, retryOf } from "../common/load-failed";
import { DeleteOwnButton } from "./delete-own-button";
import { RatingSummary } from "./rating-summary";
import { ReviewForm } from "./review-form";
import { ReviewItem, reviewDate } from "./review-item";
import { useReviewWrite } from "./review-queries";
import { ReviewsLoading } from "./reviews-loading";
import { Stars } from "./stars";

const PAGE = 10;

interface Props {
  chatbot: Chatbot;
  sort: ReviewSort;
  onSortChange: (sort: ReviewSort) => void;
}

/** A listing's reviews: its score, the member's own review or the form, the list (newest or most helpful). */
export function ReviewsSection({ chatbot, sort, onSortChange }: Props) {
  const trpc = useTRPC();
  const ids = useId();
  const { isAuthenticated, user } = useAuth();
  const mine = useQuery(trpc.reviews.mine.queryOptions({ chatbotId: chatbot.id }, { enabled: isAuthenticated }));
  const list = useInfiniteQuery(
    trpc.reviews.list.infiniteQueryOptions(
      { chatbotId: chatbot.id, sort, limit: PAGE },
      { getNextPageParam: (page) => page.nextCursor ?? undefined },
    ),
  );
  const reviews = list.data?.pages.flatMap((page) => page.items) ?? [];
  const viewer = mine.data;
  return (
    <section aria-labelledby={`${ids}-heading`} className="space-y-4" id="reviews">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <h2 id={`${ids}-heading`} className="text-xl font-semibold">
          Reviews
        </h2>
        <RatingSummary rating={chatbot.rating} className="text-muted-foreground" />
        <div className="ml-auto flex items-center gap-2">
          <Label htmlFor={`${ids}-sort`} className="text-sm">
            Sort by
          </Label>
          <NativeSelect
            id={`${ids}-sort`}
            value={sort}
            onChange={(event) => onSortChange(event.target.value as ReviewSort)}
            className="w-auto"
          >
            {(Object.entries(REVIEW_SORTS) as Array<[ReviewSort, string]>).map(([key, label]) => (
              <option key={key} value={key}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>

      {!isAuthenticated ? (
        <p className="text-sm text-muted-foreground">
          <Link to="/auth" className="underline underline-offset-2">
            Sign in
          </Link>{" "}
          to rate and review this chatbot.
        </p>
      ) : viewer?.review ? (
        <OwnReview chatbotId={chatbot.id} review={viewer.review} />
      ) : viewer?.mayReview ? (
        <ReviewForm chatbotId={chatbot.id} />
      ) : viewer?.reason ? (
        <p className="text-sm text-muted-foreground" data-testid="review-refusal">
          {viewer.reason}
        </p>
      ) : null}

      {list.isError && reviews.length === 0 ? (
        <div role="alert" className="space-y-2 text-sm">
          <p>The reviews could not be loaded: {failureReason(list.error)}</p>
          <RetryButton {...retryOf(list)} />
        </div>
      ) : list.isPending ? (
        <ReviewsLoading />
      ) : reviews.length === 0 ? (
        <p className="text-sm text-muted-foreground">{REVIEW_NOTICES.none}</p>
      ) : (
        <ul className="space-y-3" aria-label="Reviews">
          {reviews.map((review) => (
            <ReviewItem
              key={review.id}
              review={review}
              viewerId={user?.id ?? null}
              markedHelpful={viewer?.helpfulReviewIds.includes(review.id) ?? false}
              isCreator={viewer?.isCreator ?? false}
            />
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <Button variant="outline" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {list.isFetchingNextPage ? "Loading..." : "Load more reviews"}
        </Button>
      )}
    </section>
  );
}

/** The member's own review: what it says, whether a moderator hid it, Edit and Delete (confirmed). */
function OwnReview({
  chatbotId,
  review,
}: {
  chatbotId: string;
  review: { rating: number; text: string | null; createdAt: string; hidden: boolean };
}) {
  const trpc = useTRPC();
  const [editing, setEditing] = useState(false);
  const remove = useReviewWrite(trpc.reviews.remove.mutationOptions(), chatbotId, REVIEW_NOTICES.deleted);
  if (editing) return <ReviewForm chatbotId={chatbotId} initial={review} onDone={() => setEditing(false)} />;
  return (
    <section aria-label="Your review" className="space-y-2 rounded-lg border bg-muted/40 p-4">
      <div className="flex flex-wrap items-center gap-3">
        <p className="font-medium">Your review</p>
        <Stars rating={review.rating} />
        <time dateTime={review.createdAt} className="text-sm text-muted-foreground">
          {reviewDate(review.createdAt)}
        </time>
      </div>
      {review.hidden && <p className="text-sm text-destructive">{REVIEW_NOTICES.hiddenOwn}</p>}
      {review.text && <p className="whitespace-pre-wrap break-words">{review.text}</p>}
      <div className="flex gap-2">
        <Button size="sm" variant="outline" className="max-sm:h-11" onClick={() => setEditing(true)}>
          Edit review
        </Button>
        <DeleteOwnButton
          label="Delete review"
          title="Delete your review?"
          description="Your rating and review of this chatbot are removed."
          mutation={remove}
          input={{ chatbotId }}
        />
      </div>
    </section>
  );
}
