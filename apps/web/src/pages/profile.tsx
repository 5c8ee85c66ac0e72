import { creatorDisplayName, creatorInitials } from "@gallery/schema/display";
import { Avatar, Card, Skeleton } from "@gallery/ui";
import { useQuery } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import { BookOpen, Bot, Layers } from "lucide-react";
import { ChatbotGrid } from "../components/chatbots/chatbot-grid";
import { creatorChatbotsQuery } from "../components/chatbots/chatbot-queries";
import { StatCard, StatCards } from "../components/chatbots/stat-card";
import { PageMessage } from "../components/common/page-message";
import { FollowButton } from "../components/members/follow-button";
import { profileStats } from "../components/profile/profile-stats";
import { SocialLinksList } from "../components/profile/social-links";
import { isNotFound } from "../lib/errors";
import { useTRPC } from "../lib/trpc";
import { useDocumentTitle } from "../lib/use-document-title";

const route = getRouteApi("/profile/$userId");

/** /profile/{userId}: a creator's public profile and listings (visitors see the SFW ones only). */
export function ProfilePage() {
  const { userId } = route.useParams();
  const trpc = useTRPC();
  const profile = useQuery(trpc.users.byId.queryOptions({ userId }));
  const chatbots = useQuery({ ...creatorChatbotsQuery(userId), enabled: profile.isSuccess });
  useDocumentTitle(profile.data ? creatorDisplayName(profile.data) : undefined);

  if (profile.isError) {
    const missing = isNotFound(profile.error);
    return (
      <PageMessage
        alert
        title={missing ? "User Not Found" : "Profile unavailable"}
        message={
          missing
            ? "This profile does not exist or is not public."
            : "This profile could not be loaded. Please try again later."
        }
      />
    );
  }

  const user = profile.data;
  const stats = chatbots.data ? profileStats(chatbots.data) : undefined;
  return (
    <div className="space-y-8 py-6">
      <Card className="flex flex-col items-center gap-6 p-6 sm:flex-row sm:items-start">
        {user ? (
          <Avatar
            src={user.avatarUrl ?? user.profileImageUrl}
            fallback={creatorInitials(user)}
            alt={`${creatorDisplayName(user)}'s avatar`}
            className="size-28 text-3xl"
          />
        ) : (
          <Skeleton className="size-28 rounded-full" />
        )}
        <div className="w-full min-w-0 flex-1 space-y-3 text-center sm:text-left">
          {user ? (
            <h1 className="break-words text-3xl font-bold tracking-tight">{creatorDisplayName(user)}</h1>
          ) : (
            <Skeleton className="mx-auto h-9 w-48 sm:mx-0" />
          )}
          {user?.about && (
            <p className="whitespace-pre-wrap break-words text-muted-foreground" data-testid="profile-about">
              {user.about}
            </p>
          )}
          {user && (
            <div className="flex flex-wrap items-center justify-center gap-3 sm:justify-start">
              <p className="text-sm text-muted-foreground" data-testid="follower-count">
                <span className="font-semibold text-foreground">{user.followerCount}</span>{" "}
                {user.followerCount === 1 ? "follower" : "followers"}
              </p>
              <FollowButton userId={user.id} name={creatorDisplayName(user)} size="sm" />
            </div>
          )}
          {user && <SocialLinksList user={user} />}
        </div>
      </Card>
      <StatCards columns={3}>
        <StatCard icon={Bot} label="Chatbots" value={stats?.chatbots} />
        <StatCard icon={BookOpen} label="Series" value={stats?.series} />
        <StatCard icon={Layers} label="Platforms" value={stats?.platforms} />
      </StatCards>
      <section className="space-y-4" aria-labelledby="profile-chatbots">
        <h2 id="profile-chatbots" className="text-2xl font-semibold tracking-tight">
          Chatbots
        </h2>
        {chatbots.isError ? (
          <p role="alert" className="rounded-lg border border-destructive/40 p-6 text-center text-destructive">
            These chatbots could not be loaded. Please try again later.
          </p>
        ) : (
          <ChatbotGrid
            chatbots={chatbots.data}
            isLoading={!chatbots.data}
            skeletonCount={6}
            emptyMessage="This user hasn't created any chatbots yet."
          />
        )}
      </section>
    </div>
  );
}
