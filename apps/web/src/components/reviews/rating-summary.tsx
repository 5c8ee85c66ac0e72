import { ratingLabel, ratingSummary } from "@gallery/schema/reviews-texts";
import { cn } from "@gallery/ui";

/** A listing's average and count, "4.6 ★ · 128", read as "Rated 4.6 out of 5 by 128 members". */
export function RatingSummary({
  rating,
  className,
}: {
  rating: { average: number | null; count: number };
  className?: string;
}) {
  if (rating.average === null || rating.count === 0) {
    return (
      <span className={cn("text-sm", className)} data-testid="listing-rating">
        {ratingSummary(rating)}
      </span>
    );
  }
  return (
    <span className={cn("text-sm", className)} data-testid="listing-rating">
      <span aria-hidden>{ratingSummary(rating)}</span>
      <span className="sr-only">{ratingLabel(rating)}</span>
    </span>
  );
}
