import { CARD_TAG_LIMIT } from "@gallery/schema/constants";
import { platformsOf } from "@gallery/schema/platforms";
import type { GallerySort } from "@gallery/schema/sorts";
import type { Chatbot } from "@gallery/schema/types";
import { Card } from "@gallery/ui";
import { Link } from "@tanstack/react-router";
import { Layers } from "lucide-react";
import { useAuth } from "../../auth/use-auth";
import { FavoriteButton } from "../members/favorite-button";
import { CardMenu } from "../moderation/card-menu";
import { Highlight } from "../search/highlight";
import { CardPlatforms } from "./card-platforms";
import { cardSignal } from "./card-signal";
import { ContentBadge, TagBadges } from "./chatbot-badges";
import { isImageLocked, platformCountLabel, revealOf } from "./chatbot-display";
import { ChatbotImage } from "./chatbot-image";
import { CreatorLink } from "./creator-link";
import { listingLink } from "./listing-link";
import { SeriesLink } from "./series-link";

interface Props {
  chatbot: Chatbot;
  /** Load the image eagerly (first row of a grid). */
  priority?: boolean;
  /** The gallery's order: the card shows the count it is sorted by. */
  sort?: GallerySort | undefined;
  /** Searched words, marked in the title and tagline. */
  highlight?: readonly string[] | undefined;
}

/**
 * One listing in a gallery grid (spec section 2, 'Chatbot card'): the creator's portrait first, then title,
 * tagline, tags and the popularity signal; the platforms and the creator sit at the card's foot, so they
 * line up across a row whatever the texts above them.
 */
export function ChatbotCard({ chatbot, priority, sort, highlight }: Props) {
  const { isAuthenticated } = useAuth();
  const signal = cardSignal(chatbot, sort);
  return (
    <Card className="flex flex-col overflow-hidden p-0 transition-shadow hover:shadow-md" data-testid="chatbot-card">
      <div className="relative">
        <ChatbotImage
          title={chatbot.title}
          thumbnailUrl={chatbot.thumbnailUrl}
          imageUrl={chatbot.imageUrl}
          focus={{ x: chatbot.imageFocusX, y: chatbot.imageFocusY }}
          locked={isImageLocked(chatbot, isAuthenticated)}
          reveal={revealOf(chatbot)}
          priority={priority}
          page={listingLink(chatbot)}
        />
        <ContentBadge nsfw={chatbot.nsfw} className="absolute right-2 top-2 shadow" />
        <FavoriteButton chatbot={chatbot} className="absolute left-2 top-2" />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <div className="space-y-1">
          <h3 className="line-clamp-2 font-semibold leading-snug">
            <Link {...listingLink(chatbot)} className="hover:underline">
              <Highlight text={chatbot.title} words={highlight} />
            </Link>
          </h3>
          {chatbot.tagline && (
            <p className="line-clamp-2 text-sm text-muted-foreground" data-testid="chatbot-tagline">
              <Highlight text={chatbot.tagline} words={highlight} />
            </p>
          )}
        </div>
        <TagBadges tags={chatbot.tags} limit={CARD_TAG_LIMIT} />
        {chatbot.storySeries && (
          <SeriesLink series={chatbot.storySeries} creatorId={chatbot.userId} className="w-fit text-sm" />
        )}
        <div className="mt-auto space-y-2 pt-1">
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs font-medium text-muted-foreground">
            <span className="inline-flex items-center gap-1">
              <Layers className="size-3.5" aria-hidden />
              {platformCountLabel(platformsOf(chatbot).length)}
            </span>
            {signal && <span data-testid="card-signal">{signal}</span>}
          </p>
          <CardPlatforms chatbot={chatbot} />
          <div className="flex items-center justify-between gap-2 border-t pt-2">
            <CreatorLink
              userId={chatbot.userId}
              creator={chatbot.user}
              truncate
              className="flex min-w-0 text-sm text-muted-foreground hover:text-foreground"
            />
            <CardMenu chatbotId={chatbot.id} title={chatbot.title} />
          </div>
        </div>
      </div>
    </Card>
  );
}
