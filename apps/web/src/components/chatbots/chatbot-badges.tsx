import { Badge, cn } from "@gallery/ui";
import { visibleTags } from "./chatbot-display";

/** The content rating badge: NSFW (red) or SFW (green). */
export function ContentBadge({ nsfw, className }: { nsfw: boolean; className?: string }) {
  return (
    <Badge variant={nsfw ? "destructive" : "success"} className={className}>
      {nsfw ? "NSFW" : "SFW"}
    </Badge>
  );
}

/**
 * The first `limit` tags plus a '+N' badge for the rest. `compact` (a card): small badges in two lines at most,
 * each at most half a line (so three tags and the '+N' always fit), cut with an ellipsis when longer (the whole
 * tag in its title).
 */
export function TagBadges({
  tags,
  limit,
  className,
  compact = false,
}: {
  tags: string[];
  limit: number;
  className?: string;
  compact?: boolean;
}) {
  const { shown, rest } = visibleTags(tags, limit);
  if (shown.length === 0) return null;
  const size = compact ? "px-1.5 py-px text-[11px] leading-4" : undefined;
  return (
    <div className={cn("flex flex-wrap gap-1", compact && "overflow-hidden", className)}>
      {shown.map((tag) => (
        <Badge key={tag} variant="secondary" className={cn("max-w-32", compact && "min-w-0 max-w-[48%]", size)}>
          {/* The text in a box of its own: an ellipsis needs one (the badge is a flex box). */}
          <span className="truncate" title={tag}>
            {tag}
          </span>
        </Badge>
      ))}
      {rest > 0 && (
        <Badge variant="outline" title={tags.slice(limit).join(", ")} className={size}>
          +{rest}
        </Badge>
      )}
    </div>
  );
}
