import { creatorDisplayName, creatorInitials } from "@gallery/schema/display";
import type { Chatbot } from "@gallery/schema/types";
import { Avatar, cn } from "@gallery/ui";
import { Link } from "@tanstack/react-router";
import { VerifiedMark } from "../members/verified-mark";

interface Props {
  userId: string;
  creator: Chatbot["user"];
  className?: string;
  /** The name on one line, cut with an ellipsis only when longer than the line (a card), or as long as it is (a listing page). */
  truncate?: boolean;
  /** The avatar's size: "sm" (20 px, a card's row) or "md" (28 px). */
  avatar?: "sm" | "md";
}

/**
 * A listing's creator: their avatar and name, linking to their profile (card and listing page), and the
 * verified mark beside the link (not inside it: the mark is focusable on its own).
 */
export function CreatorLink({ userId, creator, className, truncate = false, avatar = "md" }: Props) {
  return (
    <div className={cn("items-center gap-1.5", className)}>
      <Link
        to="/profile/$userId"
        params={{ userId }}
        className={cn("flex min-w-0 items-center", avatar === "sm" ? "gap-1.5" : "gap-2")}
      >
        <Avatar
          src={creator?.avatarUrl ?? creator?.profileImageUrl}
          fallback={creatorInitials(creator)}
          className={avatar === "sm" ? "size-5 shrink-0 text-[10px]" : "size-7 text-xs"}
        />
        <span className={cn(truncate && "truncate")}>{creatorDisplayName(creator)}</span>
      </Link>
      {creator?.isVerified && <VerifiedMark />}
    </div>
  );
}
