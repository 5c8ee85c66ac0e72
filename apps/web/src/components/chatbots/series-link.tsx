import { cn } from "@gallery/ui";
import { Link } from "@tanstack/react-router";
import { BookOpen } from "lucide-react";

/** A listing's story series, linking to the creator's series page (card and listing page). */
export function SeriesLink({
  series,
  creatorId,
  className,
}: {
  series: string;
  creatorId: string;
  className?: string;
}) {
  return (
    <Link
      to="/series/$seriesName/$creatorId"
      params={{ seriesName: series, creatorId }}
      className={cn("inline-flex items-center gap-1.5 text-primary hover:underline", className)}
    >
      <BookOpen className="size-4" aria-hidden />
      {series}
    </Link>
  );
}
