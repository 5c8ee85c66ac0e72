import { PLATFORM_REGISTRY, type Platform, type PlatformUrlField, urlField } from "@gallery/schema/platforms";
import type { Chatbot } from "@gallery/schema/types";
import { Button } from "@gallery/ui";
import { ExternalLink } from "lucide-react";
import { clickOutHref } from "./chatbot-display";

type PlatformUrls = Pick<Chatbot, "id" | PlatformUrlField>;

/**
 * Where a platform button goes: the one place every "chat on the platform" link is addressed. Through the
 * api's counted redirect (the popularity signal), and only when the listing has a URL on that platform.
 */
export function platformHref(listing: PlatformUrls, platform: Platform): string | null {
  return listing[urlField(platform)] ? clickOutHref(listing.id, platform) : null;
}

interface Props {
  listing: PlatformUrls;
  platform: Platform;
  /** "card": a small 'Polybuzz' link, as tall as its row (card-platforms.tsx); "page": a 'Chat on Polybuzz' button. */
  size: "card" | "page";
}

/** A link to chat with the listing on one platform (card and listing page); nothing when it has no URL there. */
export function PlatformButton({ listing, platform, size }: Props) {
  const href = platformHref(listing, platform);
  if (!href) return null;
  const label = PLATFORM_REGISTRY[platform].name;
  return (
    <Button
      asChild
      variant={size === "page" ? "default" : "outline"}
      size={size === "page" ? "default" : "sm"}
      className={size === "card" ? "h-full shrink-0 gap-1 px-1.5 text-xs [&_svg]:size-3" : "max-sm:h-11"}
    >
      <a href={href} target="_blank" rel="noopener noreferrer">
        {size === "page" ? `Chat on ${label}` : label} <ExternalLink aria-hidden />
      </a>
    </Button>
  );
}
