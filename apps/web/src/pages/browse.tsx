import { FEED_TEXTS, newestFeedPath } from "@gallery/schema/feeds";
import { galleryPageName } from "@gallery/schema/page-title";
import { platformNames } from "@gallery/schema/platforms";
import { wantedWords } from "@gallery/schema/search";
import { defaultSortFor, sortsFor } from "@gallery/schema/sorts";
import { Input } from "@gallery/ui";
import { getRouteApi } from "@tanstack/react-router";
import { Search } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useAuth } from "../auth/use-auth";
import {
  type AddressPart,
  activeFilterCount,
  type BrowseSearch,
  botCountLabel,
  cycleTag,
  hasActiveFilters,
  isPlainGallery,
  readBrowseAddress,
  refusedParts,
  splitTags,
} from "../components/browse/browse-filters";
import { FilterBar, type FilterControlsProps } from "../components/browse/filter-bar";
import { LoadMore } from "../components/browse/load-more";
import { RailSkeletons } from "../components/browse/rail-skeletons";
import { TagChips } from "../components/browse/tag-chips";
import { useGallery } from "../components/browse/use-gallery";
import { LazyChatbotFormDialog, preloadChatbotForm } from "../components/chatbot-form/lazy-chatbot-form-dialog";
import { ChatbotGrid } from "../components/chatbots/chatbot-grid";
import { LoadFailed, RefreshFailedNotice } from "../components/common/load-failed";
import { FeedLinks } from "../components/feeds/feed-links";
import { useProvideCreateAction } from "../components/layout/create-action";
import { GALLERY_ID } from "../components/layout/gallery-skip-link";
import { useTrackPageSearch } from "../components/layout/page-search";
import { GalleryViewTabs } from "../components/members/gallery-view-tabs";
import { useDocumentTitle } from "../lib/use-document-title";

// What is wrong with a hand-edited address: rare, so its code loads when needed.
const AddressProblems = lazy(() =>
  import("../components/browse/address-problems").then((module) => ({ default: module.AddressProblems })),
);
// The discovery rails load beside the gallery's first page (their placeholders hold their place).
const DiscoveryRails = lazy(() => import("../components/browse/discovery-rails"));
// A phone's filter sheet (Radix dialog code) loads on its first opening, not with the gallery.
const FilterSheet = lazy(() =>
  import("../components/browse/filter-sheet").then((module) => ({ default: module.FilterSheet })),
);

// The empty Following view (creators to follow, Follow buttons) loads when it is shown, not with the gallery.
const FollowingEmpty = lazy(() =>
  import("../components/members/following-empty").then((module) => ({ default: module.FollowingEmpty })),
);

const route = getRouteApi("/");
const SEARCH_DEBOUNCE_MS = 300;

/**
 * The page's search box: what is typed shows at once and reaches the URL once typing pauses. When
 * the URL's term changes from elsewhere (nav search, back/forward, Clear), the box follows it
 * (adjusted while rendering, no effect).
 */
function useSearchBox(urlTerm: string, onSettled: (term: string) => void) {
  const [text, setText] = useState(urlTerm);
  const [seen, setSeen] = useState(urlTerm);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  if (urlTerm !== seen) {
    setSeen(urlTerm);
    if (urlTerm !== text.trim()) setText(urlTerm);
  }
  const change = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onSettled(next.trim()), SEARCH_DEBOUNCE_MS);
  };
  const reset = () => {
    clearTimeout(timer.current);
    setText("");
  };
  // Leaving the page drops a pending term (it must not navigate back here).
  useEffect(() => () => clearTimeout(timer.current), []);
  return { text, change, reset };
}

/** / with ?search, ?platform, ?content, ?sort, ?tags and ?excludeTags: the home gallery (spec section 2, 'Browse page'). */
export function BrowsePage() {
  // A value the address cannot have (`?sort=bogus`) is named, not silently dropped: nothing is asked meanwhile.
  const { filters, problems: unknownParts } = readBrowseAddress(route.useSearch());
  const navigate = route.useNavigate();
  const { isAuthenticated, isLoading: authLoading } = useAuth();
  const [createOpen, setCreateOpen] = useState(false);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [sheetLoaded, setSheetLoaded] = useState(false);
  if (sheetOpen && !sheetLoaded) setSheetLoaded(true);
  useDocumentTitle(
    galleryPageName({ following: filters.view === "following", search: filters.search, tags: splitTags(filters.tags) }),
  );

  // Each filter change is a history entry (back restores the previous filters); typing replaces its own.
  const setFilters = (change: Partial<BrowseSearch>, replace = false) =>
    void navigate({ search: (current) => ({ ...current, ...change }), replace });
  const searchBox = useSearchBox(filters.search ?? "", (term) => setFilters({ search: term || undefined }, true));
  const pageSearch = useRef<HTMLElement>(null);
  useTrackPageSearch(pageSearch);

  const openCreate = useCallback(() => setCreateOpen(true), []);
  // Offered from the start: the nav shows it to signed-in members only, and keeps its place while the session loads.
  useProvideCreateAction(openCreate);

  const following = filters.view === "following";
  // The Following view is for members: nothing is asked until the session says who is here.
  const gallery = useGallery(filters, {
    list: unknownParts.length === 0 && (!following || isAuthenticated),
    tags: unknownParts.length === 0 && (!following || isAuthenticated),
  });
  // The server refused a part of the address (e.g. an overlong tag): named the same way.
  const problems = unknownParts.length > 0 ? unknownParts : refusedParts(gallery.failure, filters);
  const viewer = authLoading ? null : isAuthenticated ? "member" : "visitor";
  const clear = () => {
    searchBox.reset();
    void navigate({ search: following ? { view: "following" } : {} });
  };
  // Takes the wrong parts out of the address, the rest of it kept.
  const clearParts = (parts: Array<AddressPart | null>) => {
    if (parts.includes(null)) return clear();
    if (parts.includes("search")) searchBox.reset();
    void navigate({
      search: (current) => ({ ...current, ...Object.fromEntries(parts.map((part) => [part, undefined])) }),
      replace: true,
    });
  };

  const controls: FilterControlsProps = {
    // Best match is offered, and the default, while a term is set (the sorts registry).
    sort: filters.sort ?? defaultSortFor(filters.search),
    sorts: sortsFor(filters.search),
    onSortChange: (sort) => setFilters({ sort: sort === defaultSortFor(filters.search) ? undefined : sort }),
    platform: filters.platform,
    onPlatformChange: (platform) => setFilters({ platform }),
    listingFields: filters,
    onListingFieldChange: (name, value) => setFilters({ [name]: value }),
    content: filters.content,
    onContentChange: (content) => setFilters({ content }),
    // The content select is for members; the server shows visitors SFW listings whatever the URL says.
    viewer,
    canClear: hasActiveFilters({ ...filters, search: searchBox.text }, viewer ?? "member"),
    onClear: clear,
  };
  const tagChips = { filters, tags: gallery.tags, onCycle: (tag: string) => setFilters(cycleTag(filters, tag)) };
  const countLabel = !problems && gallery.count ? botCountLabel(gallery.count) : undefined;
  const plain = isPlainGallery(filters);

  return (
    <div onPointerEnter={isAuthenticated ? preloadChatbotForm : undefined}>
      {/*
        A short hero (heading and search side by side from 1024 px), then the rails side by side: at 1280 × 800 the
        gallery starts on the first screen, on a phone on the second.
      */}
      <section className="pb-4 pt-1 text-center lg:flex lg:items-center lg:justify-between lg:gap-8 lg:pb-5 lg:text-left">
        <div className="min-w-0">
          <h1 className="bg-gradient-to-r from-primary to-fuchsia-500 bg-clip-text text-3xl font-extrabold tracking-tight text-transparent sm:text-4xl">
            Discover Amazing AI Chatbots
          </h1>
          {/* Wide enough on a desktop for the feed link to sit on the sentence's line: the hero keeps its height. */}
          <p className="mx-auto mt-2 max-w-3xl text-sm text-muted-foreground sm:text-base lg:mx-0">
            Browse roleplay chatbots made by creators on {platformNames("conjunction")}.{" "}
            <FeedLinks path={newestFeedPath} hint={FEED_TEXTS.newestHint} className="align-middle" />
          </p>
        </div>
        {/* The page's search box: the header's steps behind its button while this one is in sight (one at a time). */}
        <search
          ref={pageSearch}
          className="relative mx-auto mt-4 block max-w-xl lg:mx-0 lg:mt-0 lg:w-[26rem] lg:shrink-0"
        >
          <Search
            aria-hidden
            className="pointer-events-none absolute left-4 top-1/2 size-5 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            aria-label="Search the gallery"
            placeholder="Search by creator, tags, or bot name..."
            value={searchBox.text}
            onChange={(event) => searchBox.change(event.target.value)}
            // A smaller placeholder on a phone, so all of it shows (the typed text stays 16px: no zoom on iOS).
            className="h-12 rounded-full pl-12 text-base shadow-sm placeholder:text-sm sm:placeholder:text-base"
          />
        </search>
      </section>
      {/* Three rails for everyone, a fourth for members whose place is kept from the first paint (useMemberRail). */}
      {plain && (
        <div className="mb-6">
          <Suspense fallback={<RailSkeletons />}>
            <DiscoveryRails />
          </Suspense>
        </div>
      )}
      {/* The gallery: the home page's "Skip to the gallery" link (app-layout.tsx) brings the focus here, past the rails. */}
      <section id={GALLERY_ID} tabIndex={-1} aria-labelledby="gallery-heading" className="scroll-mt-16 outline-none">
        <GalleryViewTabs view={filters.view} visitor={viewer === "visitor"} />
        <FilterBar
          {...controls}
          countLabel={countLabel}
          activeCount={activeFilterCount(filters, viewer ?? "member")}
          onOpenFilters={() => setSheetOpen(true)}
        />
        <TagChips className="max-sm:hidden" {...tagChips} />
        {gallery.tagsFailure && !gallery.failure && (
          <LoadFailed
            variant="notice"
            className="mt-3"
            title="The tags could not be loaded"
            error={gallery.tagsFailure}
            {...gallery.retryTags}
          />
        )}
        {/* A visitor on the Following view is invited to sign in (above); there is no list to show. */}
        <div className="mt-6" hidden={following && viewer === "visitor"}>
          {/* The cards' titles are h3s: an outline (h1, h2, h3) for screen readers' heading navigation. */}
          <h2 id="gallery-heading" className="sr-only">
            Chatbots
          </h2>
          {problems ? (
            <Suspense fallback={null}>
              <AddressProblems problems={problems} onClear={clearParts} />
            </Suspense>
          ) : gallery.failure ? (
            <LoadFailed
              title={
                following
                  ? "The chatbots of creators you follow could not be loaded"
                  : "The chatbots could not be loaded"
              }
              error={gallery.failure}
              {...gallery.retry}
            />
          ) : (
            <>
              {gallery.refreshFailure && (
                <RefreshFailedNotice
                  what="The chatbots"
                  className="mb-6"
                  error={gallery.refreshFailure}
                  {...gallery.retry}
                />
              )}
              {following && gallery.chatbots?.length === 0 && !hasActiveFilters(filters, "member") ? (
                <Suspense fallback={null}>
                  <FollowingEmpty />
                </Suspense>
              ) : (
                <ChatbotGrid
                  sort={filters.sort}
                  highlight={wantedWords(filters.search)}
                  chatbots={gallery.chatbots}
                  isLoading={gallery.isLoading}
                  skeletonCount={8}
                  emptyMessage={following ? "No chatbots from creators you follow" : "No chatbots found"}
                  emptyHint={
                    following
                      ? "Follow creators from their profile or chatbot pages to see their chatbots here."
                      : "Try adjusting your search or filters, or create a new chatbot."
                  }
                />
              )}
              <LoadMore
                hasMore={gallery.hasMore}
                loading={gallery.loadingMore}
                onLoadMore={gallery.loadMore}
                error={gallery.nextPageFailure}
              />
            </>
          )}
        </div>
      </section>
      {sheetLoaded && (
        <Suspense fallback={null}>
          <FilterSheet
            open={sheetOpen}
            onOpenChange={setSheetOpen}
            controls={controls}
            countLabel={countLabel}
            tags={<TagChips layout="wrap" {...tagChips} />}
          />
        </Suspense>
      )}
      {isAuthenticated && <LazyChatbotFormDialog open={createOpen} onOpenChange={setCreateOpen} />}
    </div>
  );
}
