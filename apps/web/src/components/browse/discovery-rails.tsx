import { creatorDisplayName } from "@gallery/schema/display";
import { FIRST_RAIL_EAGER_PICTURES } from "@gallery/schema/first-reads";
import { cardPicture } from "@gallery/schema/listing-picture";
import type { GallerySort } from "@gallery/schema/sorts";
import type { Chatbot } from "@gallery/schema/types";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ChevronRight, ImageOff, UserPlus } from "lucide-react";
import { useState } from "react";
import { useTRPC } from "../../lib/trpc";
import { cardSignal } from "../chatbots/card-signal";
import { listingLink } from "../chatbots/listing-link";
import { type BrowseSearch, galleryQueries, RAIL_SORTS } from "./browse-filters";
import { RAIL_LIST, RAIL_SKELETON, RailHeading } from "./rail-skeletons";

/** How many listings a rail shows (it scrolls sideways on a narrow screen). */
const RAIL_SIZE = 10;

interface Rail {
  id: string;
  title: string;
  /** The rail's full view: the gallery in the same order (its address). */
  search: BrowseSearch;
  /** Shown under each picture: the count the rail is ordered by, or the creator. */
  caption: (chatbot: Chatbot) => string | null;
}

const bySort = (sort: GallerySort) => (chatbot: Chatbot) => cardSignal(chatbot, sort);
const byCreator = (chatbot: Chatbot) => creatorDisplayName(chatbot.user);

const RAIL_TITLES: Record<(typeof RAIL_SORTS)[number], string> = {
  trending: "Trending this week",
  popular: "Popular this month",
  saved: "Most saved",
};
const RAILS: Rail[] = RAIL_SORTS.map((sort) => ({
  id: sort,
  title: RAIL_TITLES[sort],
  search: { sort },
  caption: bySort(sort),
}));
const FOLLOWING_RAIL: Rail = {
  id: "following",
  title: "From creators you follow",
  search: { view: "following" },
  caption: byCreator,
};

/**
 * The home page's rows above the full gallery: each a first page of the gallery in another order (the
 * same read as its full view, so "See all" opens at once), and for members the creators they follow.
 */
export default function DiscoveryRails({ member }: { member: boolean }) {
  return (
    <div className="space-y-6" data-testid="discovery-rails">
      {(member ? [...RAILS, FOLLOWING_RAIL] : RAILS).map((rail, index) => (
        <RailRow key={rail.id} rail={rail} first={index === 0} />
      ))}
    </div>
  );
}

function RailRow({ rail, first }: { rail: Rail; first: boolean }) {
  const query = useInfiniteQuery(galleryQueries(useTRPC(), rail.search).list);
  const chatbots = query.data?.pages[0]?.items.slice(0, RAIL_SIZE);
  // A rail that could not be read is left out: the full gallery below is the page's content.
  if (query.isError && !chatbots) return null;
  const headingId = `rail-${rail.id}`;
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <RailHeading id={headingId} title={rail.title}>
        <Link
          to="/"
          search={rail.search}
          className="inline-flex min-h-11 items-center gap-0.5 text-sm font-medium text-primary hover:underline sm:min-h-0"
          aria-label={`See all: ${rail.title}`}
        >
          See all
          <ChevronRight className="size-4" aria-hidden />
        </Link>
      </RailHeading>
      {chatbots && chatbots.length === 0 ? (
        <EmptyRail following={rail.id === "following"} />
      ) : (
        <ul className={RAIL_LIST}>
          {chatbots
            ? chatbots.map((chatbot, index) => (
                <RailCard
                  key={chatbot.id}
                  chatbot={chatbot}
                  caption={rail.caption(chatbot)}
                  priority={first && index < FIRST_RAIL_EAGER_PICTURES}
                />
              ))
            : RAIL_SKELETON}
        </ul>
      )}
    </section>
  );
}

/** A listing in a rail: its picture and title, linking to its page, and the rail's caption. */
function RailCard({ chatbot, caption, priority }: { chatbot: Chatbot; caption: string | null; priority: boolean }) {
  const picture = cardPicture(chatbot);
  const [failed, setFailed] = useState(false);
  return (
    <li className="w-36 shrink-0 snap-start sm:w-40" data-testid="rail-card">
      <Link
        {...listingLink(chatbot)}
        className="group block space-y-1.5 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <div className="flex aspect-[2/3] items-center justify-center overflow-hidden rounded-lg bg-muted text-muted-foreground">
          {failed && <ImageOff className="size-7" aria-label="Picture unavailable" />}
          {picture && !failed && (
            <img
              src={picture}
              alt=""
              width={400}
              height={600}
              loading={priority ? "eager" : "lazy"}
              fetchPriority={priority ? "high" : "auto"}
              decoding="async"
              onError={() => setFailed(true)}
              style={{ objectPosition: `${chatbot.imageFocusX}% ${chatbot.imageFocusY}%` }}
              className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-105"
            />
          )}
        </div>
        <p className="line-clamp-1 text-sm font-medium group-hover:underline">{chatbot.title}</p>
        <p className="line-clamp-1 min-h-4 text-xs text-muted-foreground">{caption}</p>
      </Link>
    </li>
  );
}

/** The member follows nobody yet (or nobody they follow has listings): what would appear, and how. */
function EmptyRail({ following }: { following: boolean }) {
  return (
    <div className="flex items-center gap-3 rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
      <UserPlus className="size-5 shrink-0" aria-hidden />
      {following
        ? "Follow creators from their profile or chatbot pages: their new chatbots will appear here."
        : "Nothing here yet."}
    </div>
  );
}
