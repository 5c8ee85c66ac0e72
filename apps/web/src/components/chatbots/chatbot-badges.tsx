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

/** The first `limit` tags plus a '+N' badge for the rest. */
export function TagBadges({ tags, limit, className }: { tags: string[]; limit: number; className?: string }) {
  const { shown, rest } = visibleTags(tags, limit);
  if (shown.length === 0) return null;
  return (
    <div className={cn("flex flex-wrap gap-1", className)}>
      {shown.map((tag) => (
        <Badge key={tag} variant="secondary" className="max-w-32">
          {/* The text in a box of its own: an ellipsis needs one (the badge is a flex box). */}
          <span className="truncate" title={tag}>
            {tag}
          </span>
        </Badge>
      ))}
      {rest > 0 && (
        <Badge variant="outline" title={tags.slice(limit).join(", ")}>
          +{rest}
        </Badge>
      )}
    </div>
  );
}
