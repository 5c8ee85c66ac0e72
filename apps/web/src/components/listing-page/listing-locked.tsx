import { Button } from "@gallery/ui";
import { Lock } from "lucide-react";
import { LOGIN_URL } from "../../lib/login-url";

/** A visitor on an NSFW listing: the server sent nothing of it, so only the invitation to sign in. */
export function ListingLocked() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-24 text-center" data-testid="listing-locked">
      <Lock className="size-10 text-muted-foreground" aria-hidden />
      <h1 className="text-2xl font-bold tracking-tight">Sign in to view NSFW content</h1>
      <Button asChild>
        <a href={LOGIN_URL}>Sign In</a>
      </Button>
    </div>
  );
}
