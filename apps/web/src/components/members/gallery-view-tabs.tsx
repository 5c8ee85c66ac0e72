import { Button, cn } from "@gallery/ui";
import { Link } from "@tanstack/react-router";
import { Lock } from "lucide-react";
import { LOGIN_URL } from "../../lib/login-url";

interface Props {
  view: "following" | undefined;
  /** The session is known and nobody is signed in. */
  visitor: boolean;
}

const TAB = "rounded-full px-4 py-1.5 text-sm font-medium transition-colors";

/**
 * All chatbots / Following: the browse page's view, kept in the address (`?view=following`), the
 * other filters kept. A visitor on the Following view is invited to sign in.
 */
export function GalleryViewTabs({ view, visitor }: Props) {
  const following = view === "following";
  return (
    <div className="mb-4 space-y-4">
      <nav aria-label="Gallery view" className="flex justify-center gap-2">
        <Link
          to="/"
          search={(current) => ({ ...current, view: undefined })}
          aria-current={following ? undefined : "page"}
          className={cn(
            TAB,
            following ? "text-muted-foreground hover:bg-accent" : "bg-primary text-primary-foreground",
          )}
        >
          All chatbots
        </Link>
        <Link
          to="/"
          search={(current) => ({ ...current, view: "following" as const })}
          aria-current={following ? "page" : undefined}
          className={cn(
            TAB,
            following ? "bg-primary text-primary-foreground" : "text-muted-foreground hover:bg-accent",
          )}
        >
          Following
        </Link>
      </nav>
      {following && visitor && (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-10 text-center">
          <Lock className="size-8 text-muted-foreground" aria-hidden />
          <p className="font-semibold">Sign in to see chatbots from creators you follow</p>
          <Button asChild>
            <a href={LOGIN_URL}>Sign In</a>
          </Button>
        </div>
      )}
    </div>
  );
}
