import { creatorDisplayName } from "@gallery/schema/display";
import { Button } from "@gallery/ui";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Users } from "lucide-react";
import { useTRPC } from "../../lib/trpc";
import { CreatorLink } from "../chatbots/creator-link";
import { LoadFailed, retryOf } from "../common/load-failed";
import { FollowButton } from "./follow-button";

const followers = (count: number) => `${count} ${count === 1 ? "follower" : "followers"}`;

/**
 * The Following view with nothing in it (and no filter narrowing it): what it is for, and the next step, a few
 * popular creators to follow (the server's `follows.suggestions`); following one fills the view at once.
 */
export function FollowingEmpty() {
  const suggestions = useQuery(useTRPC().follows.suggestions.queryOptions());
  return (
    <section
      aria-labelledby="following-empty-title"
      className="flex flex-col items-center gap-4 rounded-xl border border-dashed px-4 py-12 text-center sm:px-6"
    >
      <Users className="size-10 text-muted-foreground" aria-hidden />
      <h3 id="following-empty-title" className="text-lg font-semibold">
        Follow creators to see their new listings here
      </h3>
      {suggestions.isError ? (
        <LoadFailed
          variant="notice"
          title="Creators to follow could not be loaded"
          error={suggestions.error}
          {...retryOf(suggestions)}
        />
      ) : suggestions.data && suggestions.data.length > 0 ? (
        <>
          <p className="text-sm text-muted-foreground">Popular creators in the gallery:</p>
          <ul
            aria-label="Creators to follow"
            className="grid w-full max-w-3xl grid-cols-1 gap-3 text-left sm:grid-cols-2"
          >
            {suggestions.data.map((creator) => (
              <li
                key={creator.id}
                className="flex min-w-0 items-center gap-3 rounded-lg border bg-card px-3 py-3 sm:px-4"
              >
                <div className="min-w-0 flex-1">
                  <CreatorLink userId={creator.id} creator={creator} truncate className="flex min-w-0 font-medium" />
                  <p className="text-xs text-muted-foreground">{followers(creator.followerCount)}</p>
                </div>
                <FollowButton userId={creator.id} name={creatorDisplayName(creator)} size="sm" />
              </li>
            ))}
          </ul>
        </>
      ) : (
        suggestions.data && (
          <Button asChild variant="outline">
            <Link to="/">Browse all chatbots</Link>
          </Button>
        )
      )}
    </section>
  );
}
