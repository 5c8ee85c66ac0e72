import { creatorDisplayName, creatorInitials } from "@gallery/schema/display";
import type { Chatbot } from "@gallery/schema/types";
import { Avatar, cn } from "@gallery/ui";
import { Link } from "@tanstack/react-router";

interface Props {
  userId: string;
  creator: Chatbot["user"];
  className?: string;
  /** The name on one line, cut with an ellipsis (a card), or as long as it is (a listing page). */
  truncate?: boolean;
}

/** A listing's creator: their avatar and name, linking to their profile (card and listing page). */
export function CreatorLink({ userId, creator, className, truncate = false }: Props) {
  return (
    <Link to="/profile/$userId" params={{ userId }} className={cn("items-center gap-2", className)}>
      <Avatar
        src={creator?.avatarUrl ?? creator?.profileImageUrl}
        fallback={creatorInitials(creator)}
        className="size-7 text-xs"
      />
      <span className={cn(truncate && "truncate")}>{creatorDisplayName(creator)}</span>
    </Link>
  );
}
