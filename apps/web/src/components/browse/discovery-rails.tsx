import { creatorDisplayName } from "@gallery/schema/display";
import { FIRST_RAIL_EAGER_PICTURES } from "@gallery/schema/first-reads";
import { cardPicture } from "@gallery/schema/listing-picture";
import { RAIL_SIZE, RAIL_TEXTS, type RailId } from "@gallery/schema/rails";
import type { Chatbot } from "@gallery/schema/types";
import { Button, cn } from "@gallery/ui";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ChevronLeft, ChevronRight, ImageOff, Sparkles, UserPlus } from "lucide-react";
import {
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useRef,
  useState,
} from "react";
import { useAuth } from "../../auth/use-auth";
import { useTRPC } from "../../lib/trpc";
import { cardSignal } from "../chatbots/card-signal";
import { ContentBadge } from "../chatbots/chatbot-badges";
import { listingLink } from "../chatbots/listing-link";
import { type BrowseSearch, galleryQueries } from "./browse-filters";
import {
  RAIL_CARD,
  RAIL_LIST,
  RAIL_SKELETON,
  RAILS_GRID,
  RailHeading,
  RailSkeleton,
  useMemberRail,
} from "./rail-skeletons";

type Caption = (chatbot: Chatbot) => string | null;

/**
 * Under each picture: the count the rail is ordered by when there is one (never "0 chats this week" on every card
 * of a quiet gallery), else the creator.
 */
const countOrCreator =
  (sort: RailId): Caption =>
  (chatbot) => {
    const count = { trending: chatbot.chatsThisWeek, popular: chatbot.chatsThisMonth, saved: chatbot.favoriteCount };
    return count[sort] > 0 ? cardSignal(chatbot, sort) : creatorDisplayName(chatbot.user);
  };
const byCreator: Caption = (chatbot) => creatorDisplayName(chatbot.user);

/**
 * The home page's rows above the full gallery: the api's rails (trending, popular, most saved; no listing in two
 * of them: apps/api domain/listings/rails.ts), side by side on a wide screen; for members the creators they follow in
 * the third's place (kept from the first paint: useMemberRail).
 */
export default function DiscoveryRails() {
  const query = useQuery(useTRPC().chatbots.rails.queryOptions({}));
  const rails = query.data;
  const memberRail = useMemberRail();
  // A member's own rail takes the last discovery rail's place (Most saved: its sort is a click away), so the rails
  // keep their height and the gallery its place on the first screen.
  const shown = memberRail ? rails?.slice(0, -1) : rails;
  return (
    <div className={RAILS_GRID} data-testid="discovery-rails">
      {/* Rails that could not be read are left out: the full gallery below is the page's content. */}
      {shown
        ? shown.map((rail, index) => (
            <RailRow
              key={rail.id}
              id={rail.id}
              title={RAIL_TEXTS.titles[rail.id]}
              search={{ sort: rail.id }}
              chatbots={rail.items}
              caption={countOrCreator(rail.id)}
              first={index === 0}
            />
          ))
        : !query.isError && (memberRail ? [0, 1] : [0, 1, 2]).map((index) => <RailSkeleton key={index} />)}
      {memberRail && <FollowingRail />}
    </div>
  );
}

/** The member's own rail: the newest listings of the creators they follow (placeholders until the session is known). */
function FollowingRail() {
  const { isAuthenticated } = useAuth();
  const query = useInfiniteQuery({
    ...galleryQueries(useTRPC(), { view: "following" }).list,
    enabled: isAuthenticated,
  });
  const chatbots = query.isError ? [] : query.data?.pages[0]?.items.slice(0, RAIL_SIZE);
  return (
    <RailRow
      id="following"
      title={RAIL_TEXTS.titles.following}
      search={{ view: "following" }}
      chatbots={chatbots}
      caption={byCreator}
      empty={RAIL_TEXTS.emptyFollowing}
    />
  );
}

interface RailRowProps {
  id: string;
  title: string;
  /** The rail's full view: the gallery in the same order (its address). */
  search: BrowseSearch;
  /** Undefined while loading. */
  chatbots: Chatbot[] | undefined;
  caption: Caption;
  first?: boolean;
  className?: string;
  /** What an empty rail says. */
  empty?: string;
}

function RailRow({ id, title, search, chatbots, caption, first = false, className, empty }: RailRowProps) {
  const headingId = `rail-${id}`;
  const scroller = useRailScroller(chatbots?.length ?? 0);
  // Nothing to scroll yet (placeholders) or at all (an empty rail).
  const still = !chatbots?.length;
  return (
    <section aria-labelledby={headingId} className={cn("min-w-0 space-y-1", className)}>
      <RailHeading id={headingId} title={title}>
        <div className="flex shrink-0 items-center gap-1">
          <Link
            to="/"
            search={search}
            className="inline-flex min-h-11 items-center gap-0.5 px-1 text-sm font-medium text-primary hover:underline sm:min-h-0"
            aria-label={RAIL_TEXTS.seeAllOf(title)}
          >
            {RAIL_TEXTS.seeAll}
          </Link>
          <ArrowButton
            label={RAIL_TEXTS.previous(title)}
            disabled={still || scroller.atStart}
            onClick={() => scroller.page(-1)}
          >
            <ChevronLeft className="size-4" aria-hidden />
          </ArrowButton>
          <ArrowButton
            label={RAIL_TEXTS.next(title)}
            disabled={still || scroller.atEnd}
            onClick={() => scroller.page(1)}
          >
            <ChevronRight className="size-4" aria-hidden />
          </ArrowButton>
        </div>
      </RailHeading>
      {chatbots && chatbots.length === 0 ? (
        <EmptyRail text={empty} />
      ) : (
        <ul className={cn(RAIL_LIST, scroller.dragging && "cursor-grabbing snap-none")} {...scroller.listProps}>
          {chatbots
            ? chatbots.map((chatbot, index) => (
                <RailCard
                  key={chatbot.id}
                  chatbot={chatbot}
                  caption={caption(chatbot)}
                  priority={first && index < FIRST_RAIL_EAGER_PICTURES}
                />
              ))
            : RAIL_SKELETON}
        </ul>
      )}
    </section>
  );
}

function ArrowButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      type="button"
      variant="outline"
      size="icon-sm"
      className="rounded-full max-sm:size-9"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

/** The keys that move the focus between a rail's cards: the card they move to, from the focused one's index. */
const CARD_KEYS: Record<string, (index: number, last: number) => number> = {
  ArrowRight: (index, last) => Math.min(index + 1, last),
  ArrowLeft: (index) => Math.max(index - 1, 0),
  Home: () => 0,
  End: (_, last) => last,
};

/** A mouse drag moves the row past this many pixels before it counts as a drag (not a click on a card). */
const DRAG_THRESHOLD = 5;
/** The edge fade's width (the list's scroll padding keeps a card brought into view clear of it). */
const FADE = "2rem";

/**
 * A rail's sideways scrolling by every means: the previous/next buttons (a screenful less a card, disabled at
 * either end), a mouse drag, the arrow keys (Left/Right, Home/End move the focus between cards and bring the
 * focused one into view), and what the browser gives (a trackpad, shift + wheel, Tab). The list fades at an
 * edge with more to see beyond it.
 */
function useRailScroller(count: number) {
  const ref = useRef<HTMLUListElement>(null);
  const [ends, setEnds] = useState({ atStart: true, atEnd: false });
  const [dragging, setDragging] = useState(false);
  const drag = useRef<{ x: number; left: number; pointer: number; moved: boolean } | null>(null);
  const dragged = useRef(false);

  const measure = useCallback(() => {
    const list = ref.current;
    if (!list) return;
    const atStart = list.scrollLeft <= 1;
    const atEnd = list.scrollLeft + list.clientWidth >= list.scrollWidth - 1;
    setEnds((current) => (current.atStart === atStart && current.atEnd === atEnd ? current : { atStart, atEnd }));
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again when the cards change
  useEffect(() => {
    const list = ref.current;
    measure();
    if (!list || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    return () => observer.disconnect();
  }, [measure, count]);

  const smooth = () =>
    window.matchMedia("(prefers-reduced-motion: reduce)").matches ? ("auto" as const) : ("smooth" as const);
  const page = (direction: 1 | -1) => {
    const list = ref.current;
    if (!list) return;
    // A screenful less one card, so the card at the edge stays in sight and says where one is.
    const card = list.querySelector("li")?.getBoundingClientRect().width ?? 0;
    list.scrollBy({ left: direction * Math.max(card, list.clientWidth - card), behavior: smooth() });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const move = CARD_KEYS[event.key];
    const links = Array.from(event.currentTarget.querySelectorAll<HTMLAnchorElement>("li > a"));
    const index = links.indexOf(event.target as HTMLAnchorElement);
    if (!move || index < 0) return;
    event.preventDefault();
    const next = links[move(index, links.length - 1)];
    next?.focus({ preventScroll: true });
    next?.scrollIntoView({ block: "nearest", inline: "nearest", behavior: smooth() });
  };

  // A mouse drags the row (touch scrolls it natively); a drag that moved is not a click on the card under it.
  const onPointerDown = (event: PointerEvent<HTMLUListElement>) => {
    dragged.current = false;
    if (event.pointerType !== "mouse" || event.button !== 0) return;
    drag.current = { x: event.clientX, left: event.currentTarget.scrollLeft, pointer: event.pointerId, moved: false };
  };
  const onPointerMove = (event: PointerEvent<HTMLUListElement>) => {
    const state = drag.current;
    if (!state) return;
    const dx = event.clientX - state.x;
    if (!state.moved && Math.abs(dx) > DRAG_THRESHOLD) {
      state.moved = true;
      event.currentTarget.setPointerCapture(state.pointer);
      setDragging(true);
    }
    if (state.moved) event.currentTarget.scrollLeft = state.left - dx;
  };
  const endDrag = (event: PointerEvent<HTMLUListElement>) => {
    const state = drag.current;
    drag.current = null;
    if (!state?.moved) return;
    dragged.current = true;
    if (event.currentTarget.hasPointerCapture(state.pointer)) event.currentTarget.releasePointerCapture(state.pointer);
    setDragging(false);
  };
  const onClickCapture = (event: MouseEvent<HTMLUListElement>) => {
    if (!dragged.current) return;
    dragged.current = false;
    event.preventDefault();
    event.stopPropagation();
  };

  const fade = `linear-gradient(to right, ${ends.atStart ? "#000" : "transparent"}, #000 ${FADE}, #000 calc(100% - ${FADE}), ${ends.atEnd ? "#000" : "transparent"})`;
  return {
    atStart: ends.atStart,
    atEnd: ends.atEnd,
    dragging,
    page,
    listProps: {
      ref,
      onScroll: measure,
      onKeyDown,
      onPointerDown,
      onPointerMove,
      onPointerUp: endDrag,
      onPointerCancel: endDrag,
      onClickCapture,
      style: ends.atStart && ends.atEnd ? undefined : { maskImage: fade, WebkitMaskImage: fade },
    },
  };
}

/** A listing in a rail: its picture (with its NSFW badge) and title, linking to its page, and the rail's caption. */
function RailCard({ chatbot, caption, priority }: { chatbot: Chatbot; caption: string | null; priority: boolean }) {
  const picture = cardPicture(chatbot);
  const [failed, setFailed] = useState(false);
  return (
    <li className={RAIL_CARD} data-testid="rail-card">
      <Link
        {...listingLink(chatbot)}
        draggable={false}
        className="group block space-y-1 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <div className="relative flex aspect-[2/3] items-center justify-center overflow-hidden rounded-lg bg-muted text-muted-foreground">
          {failed && <ImageOff className="size-7" aria-label="Picture unavailable" />}
          {picture && !failed && (
            <img
              src={picture}
              alt=""
              width={400}
              height={600}
              draggable={false}
              loading={priority ? "eager" : "lazy"}
              fetchPriority={priority ? "high" : "auto"}
              decoding="async"
              onError={() => setFailed(true)}
              style={{ objectPosition: `${chatbot.imageFocusX}% ${chatbot.imageFocusY}%` }}
              className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-105"
            />
          )}
          {/* Said on the picture, as on the gallery's cards: a blurred picture is never left unexplained. */}
          {chatbot.nsfw && <ContentBadge nsfw className="absolute left-1.5 top-1.5 shadow-sm" />}
        </div>
        <p className="line-clamp-1 text-sm font-medium group-hover:underline">{chatbot.title}</p>
        <p className="line-clamp-1 min-h-4 text-xs text-muted-foreground">{caption}</p>
      </Link>
    </li>
  );
}

/**
 * A rail without listings (a gallery without any yet; a member who follows nobody with listings): what would appear,
 * in a box as tall as a row of cards (an invisible row of placeholders sizes it), so nothing below moves.
 */
function EmptyRail({ text }: { text: string | undefined }) {
  return (
    <div className="relative">
      {/* A card's boxes without the placeholders' pulse (hidden, it would still run: an animation never done). */}
      <div className={cn(RAIL_LIST, "invisible")} aria-hidden>
        <div className={cn(RAIL_CARD, "space-y-1")}>
          <div className="aspect-[2/3] w-full" />
          <div className="h-5" />
          <div className="h-4" />
        </div>
      </div>
      <div className="absolute inset-0 flex items-center gap-3 rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
        {text ? (
          <UserPlus className="size-5 shrink-0" aria-hidden />
        ) : (
          <Sparkles className="size-5 shrink-0" aria-hidden />
        )}
        {text ?? RAIL_TEXTS.empty}
      </div>
    </div>
  );
}
