import { Button } from "@gallery/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { UserCheck, UserPlus } from "lucide-react";
import { useState } from "react";
import { useAuth } from "../../auth/use-auth";
import { useTRPC, useTRPCClient } from "../../lib/trpc";
import { toastError } from "../../lib/unauthorized";
import { SignInPromptWhenOpen } from "./lazy-sign-in-prompt";

interface Props {
  userId: string;
  /** Who is followed, for the button's accessible name. */
  name: string;
  size?: "sm" | "default";
}

/**
 * Follow / Unfollow a creator (profile and listing pages). Whether the caller follows them is a
 * personal read (`follows.status`); the follower count lives on the (shared) profile. Not shown to
 * the creator themself; visitors get the sign-in prompt.
 */
export function FollowButton({ userId, name, size = "default" }: Props) {
  const { isAuthenticated, isLoading: sessionLoading, user } = useAuth();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [prompt, setPrompt] = useState(false);
  const statusOptions = trpc.follows.status.queryOptions({ userIds: [userId] });
  const self = user?.id === userId;
  const status = useQuery({ ...statusOptions, enabled: isAuthenticated && !self });
  const following = isAuthenticated && (status.data?.followingIds.includes(userId) ?? false);

  const mutation = useMutation({
    mutationFn: (follow: boolean) =>
      follow ? client.follows.follow.mutate({ userId }) : client.follows.unfollow.mutate({ userId }),
    onSuccess: (state) => {
      queryClient.setQueryData(statusOptions.queryKey, { followingIds: state.following ? [userId] : [] });
      void queryClient.invalidateQueries(trpc.users.byId.queryFilter({ userId }));
      void queryClient.invalidateQueries(trpc.follows.feed.pathFilter());
      void queryClient.invalidateQueries(trpc.follows.feedCount.pathFilter());
      void queryClient.invalidateQueries(trpc.follows.feedTags.pathFilter());
    },
    onError: (error) => toastError(error, "This could not be changed. Please try again."),
  });

  if (self) return null;
  return (
    <>
      <Button
        type="button"
        size={size}
        variant={following ? "outline" : "default"}
        disabled={mutation.isPending || sessionLoading || (isAuthenticated && status.isPending)}
        title={following ? "Unfollow" : undefined}
        onClick={() => (isAuthenticated ? mutation.mutate(!following) : setPrompt(true))}
      >
        {following ? <UserCheck aria-hidden /> : <UserPlus aria-hidden />}
        {/* Named by its content: "Follow Mira", or "Following Mira" (a click unfollows). */}
        {following ? "Following" : "Follow"}
        <span className="sr-only">{` ${name}`}</span>
      </Button>
      <SignInPromptWhenOpen open={prompt} title="Sign in to follow creators" onOpenChange={setPrompt} />
    </>
  );
}
