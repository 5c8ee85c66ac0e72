import { CARD_TAG_LIMIT } from "@gallery/schema/constants";
import { cidField, PLATFORMS, platformLabels, platformsOf, urlField } from "@gallery/schema/platforms";
import type { Chatbot } from "@gallery/schema/types";
import { Card } from "@gallery/ui";
import { Link } from "@tanstack/react-router";
import { Layers } from "lucide-react";
import { useAuth } from "../../auth/use-auth";
import { FavoriteButton } from "../members/favorite-button";
import { CardMenu } from "../moderation/card-menu";
import { ContentBadge, TagBadges } from "./chatbot-badges";
import { isImageLocked, platformCountLabel, revealOf } from "./chatbot-display";
import { ChatbotImage } from "./chatbot-image";
import { CopyIdentifier } from "./copy-identifier";
import { CreatorLink } from "./creator-link";
import { listingLink } from "./listing-link";
import { PlatformButton } from "./platform-button";
import { SeriesLink } from "./series-link";

interface Props {
  chatbot: Chatbot;
  /** Load the image eagerly (first row of a grid). */
  priority?: boolean;
}

/** One listing in a gallery grid (spec section 2, 'Chatbot card'). */
export function ChatbotCard({ chatbot, priority }: Props) {
  const { isAuthenticated } = useAuth();
  const creator = chatbot.user;
  const platformCount = platformsOf(chatbot).length;
  return (
    <Card className="flex flex-col overflow-hidden p-0 transition-shadow hover:shadow-md" data-testid="chatbot-card">
      <div className="relative">
        <ChatbotImage
          title={chatbot.title}
          thumbnailUrl={chatbot.thumbnailUrl}
          imageUrl={chatbot.imageUrl}
          locked={isImageLocked(chatbot, isAuthenticated)}
          reveal={revealOf(chatbot)}
          priority={priority}
          page={listingLink(chatbot)}
        />
        <ContentBadge nsfw={chatbot.nsfw} className="absolute right-2 top-2 shadow" />
        <FavoriteButton chatbot={chatbot} className="absolute left-2 top-2" />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="space-y-1">
          <h3 className="line-clamp-2 text-lg font-semibold leading-tight">
            <Link {...listingLink(chatbot)} className="hover:underline">
              {chatbot.title}
            </Link>
          </h3>
          {chatbot.tagline && (
            <p className="line-clamp-2 text-sm text-muted-foreground" data-testid="chatbot-tagline">
              {chatbot.tagline}
            </p>
          )}
        </div>
        <TagBadges tags={chatbot.tags} limit={CARD_TAG_LIMIT} />
        {chatbot.storySeries && (
          <SeriesLink series={chatbot.storySeries} creatorId={chatbot.userId} className="w-fit text-sm" />
        )}
        <div className="space-y-1">
          <p className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
            <Layers className="size-3.5" aria-hidden />
            {platformCountLabel(platformCount)}
          </p>
          {PLATFORMS.map((platform) => {
            const cid = chatbot[cidField(platform)];
            return cid && <CopyIdentifier key={platform} label={platformLabels(platform).id} value={cid} />;
          })}
        </div>
        {PLATFORMS.some((platform) => chatbot[urlField(platform)]) && (
          <div className="flex flex-wrap gap-2">
            {PLATFORMS.map((platform) => (
              <PlatformButton key={platform} listing={chatbot} platform={platform} size="card" />
            ))}
          </div>
        )}
        <div className="mt-auto flex items-center justify-between gap-2 border-t pt-3">
          <CreatorLink
            userId={chatbot.userId}
            creator={creator}
            truncate
            className="flex min-w-0 text-sm text-muted-foreground hover:text-foreground"
          />
          <CardMenu chatbotId={chatbot.id} title={chatbot.title} />
        </div>
      </div>
    </Card>
  );
}
