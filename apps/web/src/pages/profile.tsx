import { creatorDisplayName, creatorInitials } from "@gallery/schema/display";
import { creatorFeedPath, FEED_TEXTS } from "@gallery/schema/feeds";
import { Avatar, Card, Skeleton } from "@gallery/ui";
import { useQuery } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import { BookOpen, Bot, Layers } from "lucide-react";
import { useAuth } from "../auth/use-auth";
import { ChatbotGrid } from "../components/chatbots/chatbot-grid";
import { creatorChatbotsQuery } from "../components/chatbots/chatbot-queries";
import { StatCard, StatCards } from "../components/chatbots/stat-card";
import { ProfileCollections } from "../components/collections/profile-collections";
import { QueryContent, RefreshFailed } from "../components/common/load-failed";
import { PageLoadFailed, PageMessage } from "../components/common/page-message";
import { FeedLinks } from "../components/feeds/feed-links";
import { FollowButton } from "../components/members/follow-button";
import { VerifiedMark } from "../components/members/verified-mark";
import { ReportButton } from "../components/moderation/report-button";
import { profileStats } from "../components/profile/profile-stats";
import { SocialLinksList } from "../components/profile/social-links";
import { isNotFound } from "../lib/errors";
import { useTRPC } from "../lib/trpc";
import { useDocumentTitle } from "../lib/use-document-title";

const route = getRouteApi("/profile/$userId");
/** The counts when the chatbots they come from could not be read. */
const NOT_LOADED = { chatbots: null, series: null, platforms: null };

/** /profile/{userId}: a creator's public profile and listings (visitors see the SFW ones only). */
export function ProfilePage() {
  const { userId } = route.useParams();
  const { user: me } = useAuth();
  const trpc = useTRPC();
  const profile = useQuery(trpc.users.byId.queryOptions({ userId }));
  const chatbots = useQuery({ ...creatorChatbotsQuery(userId), enabled: Boolean(profile.data) });
  useDocumentTitle(profile.data ? creatorDisplayName(profile.data) : undefined);

  // Nothing of the profile to show (a failed refresh keeps the profile shown: its notice is below).
  if (profile.isError && !profile.data) {
    if (isNotFound(profile.error)) {
      return <PageMessage alert title="User Not Found" message="This profile does not exist or is not public." />;
    }
    return <PageLoadFailed query={profile} what="This profile" />;
  }

  const user = profile.data;
  const stats = chatbots.data ? profileStats(chatbots.data) : chatbots.isError ? NOT_LOADED : undefined;
  return (
    <div className="space-y-8 py-6">
      <RefreshFailed query={profile} what="This profile" />
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
            <div className="flex items-center justify-center gap-2 sm:justify-start">
              <h1 className="min-w-0 break-words text-3xl font-bold tracking-tight">{creatorDisplayName(user)}</h1>
              {user.isVerified && <VerifiedMark className="[&_svg]:size-6" />}
            </div>
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
              <FeedLinks
                path={(format) => creatorFeedPath(user.id, format)}
                hint={FEED_TEXTS.creatorHint(creatorDisplayName(user))}
              />
              {me?.id !== user.id && (
                <ReportButton target={{ kind: "profile", id: user.id, name: creatorDisplayName(user) }} />
              )}
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
        <QueryContent query={chatbots} what="This creator's chatbots">
          <ChatbotGrid
            chatbots={chatbots.data}
            isLoading={!chatbots.data}
            skeletonCount={6}
            emptyMessage="This user hasn't created any chatbots yet."
          />
        </QueryContent>
      </section>
      {user && <ProfileCollections userId={user.id} own={me?.id === user.id} />}
    </div>
  );
}
