import { CARD_TAG_LIMIT } from "@gallery/schema/constants";
import { creatorDisplayName, creatorInitials } from "@gallery/schema/display";
import type { Chatbot } from "@gallery/schema/types";
import { Avatar, Card } from "@gallery/ui";
import { Link } from "@tanstack/react-router";
import { BookOpen, ExternalLink, Layers } from "lucide-react";
import { useAuth } from "../../auth/use-auth";
import { ContentBadge, TagBadges } from "./chatbot-badges";
import { platformCountLabel, platformHref, platformsOf } from "./chatbot-display";
import { ChatbotImage } from "./chatbot-image";
import { CopyIdentifier } from "./copy-identifier";

interface Props {
  chatbot: Chatbot;
  /** Load the image eagerly (first row of a grid). */
  priority?: boolean;
}

function PlatformLink({ href, label }: { href: string; label: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 rounded-md border border-border px-2 py-1 text-xs font-medium transition-colors hover:bg-muted"
    >
      {label} <ExternalLink className="size-3" aria-hidden />
    </a>
  );
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
          // The web's one copy of "visitors never see NSFW images" (the server enforces it for listings and
          // /images; this covers a cache fetched before a sign-out). A server-given flag would replace it.
          locked={chatbot.nsfw && !isAuthenticated}
          priority={priority}
        />
        <ContentBadge nsfw={chatbot.nsfw} className="absolute right-2 top-2 shadow" />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <h3 className="line-clamp-2 text-lg font-semibold leading-tight">{chatbot.title}</h3>
        <TagBadges tags={chatbot.tags} limit={CARD_TAG_LIMIT} />
        {chatbot.storySeries && (
          <Link
            to="/series/$seriesName/$creatorId"
            params={{ seriesName: chatbot.storySeries, creatorId: chatbot.userId }}
            className="inline-flex w-fit items-center gap-1.5 text-sm text-primary hover:underline"
          >
            <BookOpen className="size-4" aria-hidden />
            {chatbot.storySeries}
          </Link>
        )}
        <div className="space-y-1">
          <p className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
            <Layers className="size-3.5" aria-hidden />
            {platformCountLabel(platformCount)}
          </p>
          {chatbot.polybuzzCid && <CopyIdentifier label="Polybuzz ID" value={chatbot.polybuzzCid} />}
          {chatbot.roleplayaCid && <CopyIdentifier label="Roleplaya ID" value={chatbot.roleplayaCid} />}
        </div>
        {(chatbot.polybuzzUrl || chatbot.roleplayaUrl) && (
          <div className="flex flex-wrap gap-2">
            {chatbot.polybuzzUrl && <PlatformLink href={platformHref(chatbot.id, "polybuzz")} label="Polybuzz" />}
            {chatbot.roleplayaUrl && <PlatformLink href={platformHref(chatbot.id, "roleplaya")} label="Roleplaya" />}
          </div>
        )}
        <Link
          to="/profile/$userId"
          params={{ userId: chatbot.userId }}
          className="mt-auto flex items-center gap-2 border-t pt-3 text-sm text-muted-foreground hover:text-foreground"
        >
          <Avatar
            src={creator?.avatarUrl ?? creator?.profileImageUrl}
            fallback={creatorInitials(creator)}
            className="size-7 text-xs"
          />
          <span className="truncate">{creatorDisplayName(creator)}</span>
        </Link>
      </div>
    </Card>
  );
}
