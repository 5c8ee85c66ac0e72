import { creatorDisplayName } from "@gallery/schema/display";
import { cidField, platformLabels, platformsOf } from "@gallery/schema/platforms";
import type { Chatbot } from "@gallery/schema/types";
import { badgeVariants, Card } from "@gallery/ui";
import { Link } from "@tanstack/react-router";
import { useAuth } from "../../auth/use-auth";
import { ContentBadge } from "../chatbots/chatbot-badges";
import { pictureOf } from "../chatbots/chatbot-display";
import { ChatbotImage } from "../chatbots/chatbot-image";
import { CopyIdentifier } from "../chatbots/copy-identifier";
import { CreatorLink } from "../chatbots/creator-link";
import { PlatformButton } from "../chatbots/platform-button";
import { SeriesLink } from "../chatbots/series-link";
import { AddToCollectionButton } from "../collections/add-to-collection";
import { FavoriteButton } from "../members/favorite-button";
import { FollowButton } from "../members/follow-button";
import { ListingNotice } from "../moderation/moderation-notices";
import { ReportButton } from "../moderation/report-button";
import { RatingSummary } from "../reviews/rating-summary";

/** A listing's page body: picture, words, tags, series, creator and where to chat with it. */
export function ListingDetails({ chatbot }: { chatbot: Chatbot }) {
  const { isAuthenticated, user } = useAuth();
  const creator = chatbot.user;
  const platforms = platformsOf(chatbot, "link");
  return (
    <article className="grid gap-8 md:grid-cols-[360px_minmax(0,1fr)] lg:grid-cols-[400px_minmax(0,1fr)]">
      {/* The picture at its own height (not stretched to the text's), centred on a phone. Its button is the
          page's first Tab stop: the frame draws the focus ring outside the picture, as buttons draw theirs. */}
      <div
        data-testid="listing-picture"
        className="w-full max-w-[400px] self-start overflow-hidden rounded-xl border ring-offset-2 ring-offset-background has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring max-md:mx-auto"
      >
        <ChatbotImage variant="page" {...pictureOf(chatbot, isAuthenticated)} priority />
      </div>
      <div className="min-w-0 space-y-6">
        <header className="space-y-2">
          <ContentBadge nsfw={chatbot.nsfw} />
          <h1 className="break-words text-3xl font-bold tracking-tight">{chatbot.title}</h1>
          {chatbot.tagline && <p className="text-lg text-muted-foreground">{chatbot.tagline}</p>}
          <a href="#reviews" className="inline-block hover:underline">
            <RatingSummary rating={chatbot.rating} />
          </a>
          <div className="flex flex-wrap items-center gap-2 pt-1">
            <FavoriteButton chatbot={chatbot} variant="page" />
            <FollowButton userId={chatbot.userId} name={creatorDisplayName(creator)} size="sm" />
            <AddToCollectionButton chatbot={chatbot} />
            {user?.id !== chatbot.userId && (
              <ReportButton target={{ kind: "listing", id: chatbot.id, name: chatbot.title }} className="ml-auto" />
            )}
          </div>
        </header>
        {user?.id === chatbot.userId && <ListingNotice chatbotId={chatbot.id} />}

        {platforms.length > 0 && (
          <section aria-label="Platforms" className="space-y-3">
            {platforms.map((platform) => {
              const cid = chatbot[cidField(platform)];
              const labels = platformLabels(platform);
              return (
                <Card key={platform} className="flex flex-wrap items-center justify-between gap-3 p-4">
                  <div className="min-w-0 space-y-1">
                    <p className="font-medium">{labels.name}</p>
                    {cid && <CopyIdentifier label={labels.id} value={cid} />}
                  </div>
                  <PlatformButton listing={chatbot} platform={platform} size="page" />
                </Card>
              );
            })}
          </section>
        )}

        {chatbot.description && (
          <section aria-labelledby="listing-description" className="space-y-2">
            <h2 id="listing-description" className="text-lg font-semibold">
              About
            </h2>
            {/* Plain text: line breaks kept, links stay text (React escapes it). */}
            <p className="whitespace-pre-wrap break-words text-muted-foreground" data-testid="listing-description">
              {chatbot.description}
            </p>
          </section>
        )}

        {chatbot.tags.length > 0 && (
          <section aria-label="Tags" className="flex flex-wrap gap-2">
            {chatbot.tags.map((tag) => (
              // The gallery searches tags (no tag filter of its own yet).
              <Link
                key={tag}
                to="/"
                search={{ search: tag }}
                // 44 px tall on a phone: a tap target, not just a label.
                className={badgeVariants({
                  variant: "secondary",
                  className: "hover:bg-secondary/70 max-sm:h-11 max-sm:px-3",
                })}
              >
                {tag}
              </Link>
            ))}
          </section>
        )}

        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          {chatbot.storySeries && (
            <div className="space-y-1">
              <dt className="text-muted-foreground">Series</dt>
              <dd>
                <SeriesLink series={chatbot.storySeries} creatorId={chatbot.userId} />
              </dd>
            </div>
          )}
          <div className="space-y-1">
            <dt className="text-muted-foreground">Creator</dt>
            <dd>
              <CreatorLink userId={chatbot.userId} creator={creator} className="inline-flex hover:underline" />
            </dd>
          </div>
        </dl>
      </div>
    </article>
  );
}
