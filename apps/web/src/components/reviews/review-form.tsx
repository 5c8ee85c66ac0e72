import { RATING_MAX, REVIEW_NOTICES, REVIEW_TEXT_MAX } from "@gallery/schema/reviews-texts";
import { Button, CountedTextarea, cn } from "@gallery/ui";
import { Star } from "lucide-react";
import { useId, useState } from "react";
import { withoutReload } from "../../lib/form";
import { useTRPC } from "../../lib/trpc";
import { useReviewWrite } from "./review-queries";

interface Props {
  chatbotId: string;
  /** The member's review when changing it; none to write one. */
  initial?: { rating: number; text: string | null };
  onDone?: () => void;
}

/** Rate (a keyboard-operable group of five star radios) and review (optional text, counted) a listing. */
export function ReviewForm({ chatbotId, initial, onDone }: Props) {
  const trpc = useTRPC();
  const ids = useId();
  const [rating, setRating] = useState(initial?.rating ?? 0);
  const [text, setText] = useState(initial?.text ?? "");
  const create = useReviewWrite(
    trpc.reviews.create.mutationOptions({ onSuccess: onDone }),
    chatbotId,
    REVIEW_NOTICES.posted,
  );
  const update = useReviewWrite(
    trpc.reviews.update.mutationOptions({ onSuccess: onDone }),
    chatbotId,
    REVIEW_NOTICES.updated,
  );
  const write = initial ? update : create;
  return (
    <form
      className="space-y-3"
      aria-label={initial ? "Edit your review" : "Write a review"}
      onSubmit={withoutReload(() => {
        if (rating >= 1) write.mutate({ chatbotId, rating, text: text.trim() || null });
      })}
    >
      <fieldset>
        <legend className="mb-1 text-sm font-medium">Your rating</legend>
        <div className="flex">
          {Array.from({ length: RATING_MAX }, (_, index) => index + 1).map((stars) => (
            <label
              key={stars}
              className="flex size-11 cursor-pointer items-center justify-center rounded-md has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
            >
              <input
                type="radio"
                name={`${ids}-rating`}
                value={stars}
                checked={rating === stars}
                onChange={() => setRating(stars)}
                required
                className="sr-only"
              />
              <Star
                aria-hidden
                className={cn(
                  "pointer-events-none size-7",
                  stars <= rating ? "fill-amber-400 text-amber-600 dark:text-amber-400" : "text-muted-foreground",
                )}
              />
              <span className="sr-only">{stars === 1 ? "1 star" : `${stars} stars`}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <CountedTextarea
        id={`${ids}-text`}
        label="Your review (optional)"
        rows={4}
        maxLength={REVIEW_TEXT_MAX}
        value={text}
        onValueChange={setText}
        grouped
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={rating < 1 || write.isPending}>
          {write.isPending ? "Saving..." : initial ? "Save review" : "Post review"}
        </Button>
        {initial && (
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
