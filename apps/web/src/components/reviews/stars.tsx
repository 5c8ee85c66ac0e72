import { RATING_MAX, starsLabel } from "@gallery/schema/reviews-texts";
import { cn } from "@gallery/ui";
import { Star } from "lucide-react";

/** A review's stars, read as "4 out of 5 stars". */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  return (
    <span role="img" aria-label={starsLabel(rating)} className={cn("inline-flex items-center gap-0.5", className)}>
      {Array.from({ length: RATING_MAX }, (_, index) => (
        <Star
          // biome-ignore lint/suspicious/noArrayIndexKey: the stars are positions, never reordered
          key={index}
          aria-hidden
          className={cn(
            "size-4",
            index < rating ? "fill-amber-400 text-amber-600 dark:text-amber-400" : "text-muted-foreground/50",
          )}
        />
      ))}
    </span>
  );
}
