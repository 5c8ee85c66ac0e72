import { CARD_TAG_LIMIT } from "@gallery/schema/constants";
import { platformsOf } from "@gallery/schema/platforms";
import { ratingLabel, ratingSummary } from "@gallery/schema/reviews-texts";
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
import { pictureOf, platformCountLabel } from "./chatbot-display";
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
 * One listing in a gallery grid (spec section 2, 'Chatbot card'), the picture first as on peers' cards (Civitai,
 * chub.ai): the picture is most of the card, with the heart, the rating and the menu on its top corners and the
 * series, title, tagline, counts, rating and creator on a dark band over its foot; under it tight rows (the tags in two
 * lines at most, the platforms' links and copyable identifiers: 44 px tap targets on a phone), each at the same place on
 * every card of a grid row.
 */
export function ChatbotCard({ chatbot, priority, sort, highlight }: Props) {
  const { isAuthenticated } = useAuth();
  const signal = cardSignal(chatbot, sort);
  return (
    <Card className="flex flex-col overflow-hidden p-0 transition-shadow hover:shadow-md" data-testid="chatbot-card">
      <div className="relative" data-testid="card-picture">
        <ChatbotImage {...pictureOf(chatbot, isAuthenticated)} priority={priority} page={listingLink(chatbot)} />
        <FavoriteButton chatbot={chatbot} className="absolute left-2 top-2" />
        <div className="absolute right-2 top-2 flex items-center gap-1.5">
          <ContentBadge nsfw={chatbot.nsfw} className="shadow" />
          <CardMenu chatbot={chatbot} />
        </div>
        <CardCaption chatbot={chatbot} signal={signal} highlight={highlight} />
      </div>
      <div className="flex flex-1 flex-col gap-1 px-2 py-1.5 sm:gap-1.5 sm:p-2.5">
        {/* Two lines kept for the tags, with or without them, so the rows under them line up across a grid row. */}
        <div className="h-11">
          <TagBadges tags={chatbot.tags} limit={CARD_TAG_LIMIT} compact className="max-h-full" />
        </div>
        <CardPlatforms chatbot={chatbot} />
      </div>
    </Card>
  );
}

/**
 * The words over the picture's foot: white on a band dark enough for any picture (black at 60 % or more under the
 * text, a fade above it: white on a white picture is then 5.7:1); clicks outside the links reach the picture. Marked search words stay dark on yellow.
 */
function CardCaption({
  chatbot,
  signal,
  highlight,
}: {
  chatbot: Chatbot;
  signal: string | null;
  highlight: readonly string[] | undefined;
}) {
  return (
    <div className="pointer-events-none absolute inset-x-0 bottom-0 text-white [&_mark]:bg-yellow-300 [&_mark]:text-black">
      <div aria-hidden className="h-6 bg-gradient-to-t from-black/60 to-transparent" />
      <div className="space-y-0.5 bg-gradient-to-t from-black/85 to-black/60 px-2 pb-1.5 sm:px-2.5 sm:pb-2">
        {chatbot.storySeries && (
          <SeriesLink
            series={chatbot.storySeries}
            creatorId={chatbot.userId}
            className="pointer-events-auto max-w-full text-[11px] font-medium text-white [&_svg]:size-3"
          />
        )}
        <h3 className="line-clamp-2 text-sm font-semibold leading-snug sm:text-base">
          <Link
            {...listingLink(chatbot)}
            className="pointer-events-auto hover:underline focus-visible:outline-2 focus-visible:outline-white"
          >
            <Highlight text={chatbot.title} words={highlight} />
          </Link>
        </h3>
        {chatbot.tagline && (
          <p className="line-clamp-1 text-xs max-sm:hidden" data-testid="chatbot-tagline">
            <Highlight text={chatbot.tagline} words={highlight} />
          </p>
        )}
        <p className="flex items-center gap-x-1.5 text-[11px] font-medium">
          <span className="inline-flex shrink-0 items-center gap-1">
            <Layers className="size-3" aria-hidden />
            {platformCountLabel(platformsOf(chatbot).length)}
          </span>
          {/* Members' reviews once there are any (no "No ratings yet" on every card of a young gallery). */}
          {chatbot.rating.count > 0 && (
            <>
              <span aria-hidden>·</span>
              <span className="shrink-0" data-testid="card-rating">
                <span aria-hidden>{ratingSummary(chatbot.rating)}</span>
                <span className="sr-only">{ratingLabel(chatbot.rating)}</span>
              </span>
            </>
          )}
          {signal && (
            <>
              <span aria-hidden>·</span>
              <span className="truncate" data-testid="card-signal">
                {signal}
              </span>
            </>
          )}
        </p>
        <CreatorLink
          userId={chatbot.userId}
          creator={chatbot.user}
          truncate
          avatar="sm"
          className="pointer-events-auto flex min-w-0 pt-0.5 text-[11px] font-medium text-white hover:underline sm:text-xs"
        />
      </div>
    </div>
  );
}
