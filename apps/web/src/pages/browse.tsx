import { Input } from "@gallery/ui";
import { getRouteApi } from "@tanstack/react-router";
import { Search } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { useAuth } from "../auth/use-auth";
import {
  botCountLabel,
  type ContentFilter,
  DEFAULT_FILTERS,
  hasActiveFilters,
  type PlatformFilter,
  toListInput,
} from "../components/browse/browse-filters";
import { FilterBar } from "../components/browse/filter-bar";
import { LoadMore } from "../components/browse/load-more";
import { useDebouncedValue } from "../components/browse/use-debounced-value";
import { useGallery } from "../components/browse/use-gallery";
import { LazyChatbotFormDialog, preloadChatbotForm } from "../components/chatbot-form/lazy-chatbot-form-dialog";
import { ChatbotGrid } from "../components/chatbots/chatbot-grid";
import { useProvideCreateAction } from "../components/layout/create-action";

const route = getRouteApi("/");
const SEARCH_DEBOUNCE_MS = 300;

/** / and /?search={term}: the home gallery (spec section 2, 'Browse page'). */
export function BrowsePage() {
  const { search: searchParam = "" } = route.useSearch();
  const navigate = route.useNavigate();
  const { isAuthenticated, isLoading: authLoading } = useAuth();
  const [term, setTerm] = useState(searchParam);
  const [platform, setPlatform] = useState<PlatformFilter>(DEFAULT_FILTERS.platform);
  const [content, setContent] = useState<ContentFilter>(DEFAULT_FILTERS.content);
  const [createOpen, setCreateOpen] = useState(false);
  const search = useDebouncedValue(term, SEARCH_DEBOUNCE_MS).trim();

  // A search from the nav bar changes ?search= while this page is shown (our own URL updates match `search`).
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to outside changes of the URL only, not to typing
  useEffect(() => {
    if (searchParam !== search) setTerm(searchParam);
  }, [searchParam]);

  // Keep the address in step with the search, so it can be shared and survives a reload.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the debounced term settles
  useEffect(() => {
    if (search !== searchParam) void navigate({ search: search ? { search } : {}, replace: true });
  }, [search]);

  const openCreate = useCallback(() => setCreateOpen(true), []);
  useProvideCreateAction(isAuthenticated ? openCreate : null);

  const filters = { search, platform, content };
  const gallery = useGallery(toListInput(filters, isAuthenticated));
  const clear = () => {
    setTerm("");
    setPlatform(DEFAULT_FILTERS.platform);
    setContent(DEFAULT_FILTERS.content);
  };

  return (
    <div onPointerEnter={isAuthenticated ? preloadChatbotForm : undefined}>
      <section className="py-10 text-center sm:py-14">
        <h1 className="bg-gradient-to-r from-primary to-fuchsia-500 bg-clip-text text-4xl font-extrabold tracking-tight text-transparent sm:text-5xl">
          Discover Amazing AI Chatbots
        </h1>
        <p className="mx-auto mt-3 max-w-xl text-muted-foreground">
          Browse roleplay chatbots made by creators on Polybuzz and Roleplaya.
        </p>
        <search className="relative mx-auto mt-6 block max-w-xl">
          <Search
            aria-hidden
            className="pointer-events-none absolute left-4 top-1/2 size-5 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            aria-label="Search the gallery"
            placeholder="Search by creator, tags, or bot name..."
            value={term}
            onChange={(event) => setTerm(event.target.value)}
            className="h-12 rounded-full pl-12 text-base shadow-sm"
          />
        </search>
      </section>
      <FilterBar
        platform={platform}
        onPlatformChange={setPlatform}
        content={content}
        onContentChange={setContent}
        viewer={authLoading ? null : isAuthenticated ? "member" : "visitor"}
        countLabel={gallery.count && botCountLabel(gallery.count)}
        canClear={hasActiveFilters({ search: term, platform, content })}
        onClear={clear}
      />
      <div className="mt-6">
        <ChatbotGrid
          chatbots={gallery.chatbots}
          isLoading={gallery.isLoading}
          skeletonCount={8}
          emptyMessage="No chatbots found"
          emptyHint="Try adjusting your search or filters, or create a new chatbot."
        />
        <LoadMore hasMore={gallery.hasMore} loading={gallery.loadingMore} onLoadMore={gallery.loadMore} />
      </div>
      {isAuthenticated && <LazyChatbotFormDialog open={createOpen} onOpenChange={setCreateOpen} />}
    </div>
  );
}
