import { FEED_FORMATS, FEED_TEXTS, type FeedFormat } from "@gallery/schema/feeds";
import { cn } from "@gallery/ui";
import { Rss } from "lucide-react";

/**
 * The visible "Follow via feed" link of a page of listings (issue 39 §3): its Atom feed, with the RSS 2.0 version
 * beside it. Plain links (not the router's): a feed is a document the server answers, which the browser or a
 * feed-reader extension opens. The page head links the same feeds for readers that look there.
 */
export function FeedLinks({
  path,
  hint,
  className,
}: {
  /** The feed's address in each format (packages/schema feeds.ts). */
  path: (format: FeedFormat) => string;
  /** What following brings, as the links' title. */
  hint: string;
  className?: string;
}) {
  const link = "font-medium text-foreground underline-offset-4 hover:underline";
  return (
    <span className={cn("inline-flex items-center gap-1.5 whitespace-nowrap text-sm", className)}>
      <Rss aria-hidden className="size-4 text-orange-500" />
      <a href={path("atom")} type={FEED_FORMATS.atom.type} title={hint} className={link}>
        {FEED_TEXTS.follow}
      </a>
      <span aria-hidden className="text-muted-foreground">
        ·
      </span>
      <a href={path("rss")} type={FEED_FORMATS.rss.type} title={hint} aria-label={FEED_TEXTS.rssName} className={link}>
        {FEED_TEXTS.rss}
      </a>
    </span>
  );
}
