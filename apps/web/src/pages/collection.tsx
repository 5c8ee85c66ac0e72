import { COLLECTION_TEXTS, collectionCount, hiddenItemsNote } from "@gallery/schema/collections-texts";
import { collectionFeedPath, FEED_TEXTS } from "@gallery/schema/feeds";
import { listingSlug } from "@gallery/schema/listing-path";
import { Button } from "@gallery/ui";
import { useInfiniteQuery } from "@tanstack/react-query";
import { getRouteApi, Link, useNavigate } from "@tanstack/react-router";
import { EyeOff, Share2 } from "lucide-react";
import { useEffect } from "react";
import { LoadMore, nextPageOf } from "../components/browse/load-more";
import { ChatbotGrid } from "../components/chatbots/chatbot-grid";
import { copyToClipboard } from "../components/chatbots/copy-identifier";
import { collectionQuery } from "../components/collections/collection-link";
import { OwnerItems } from "../components/collections/owner-items";
import { OwnerTools } from "../components/collections/owner-tools";
import { PrivateBadge } from "../components/collections/private-badge";
import { RefreshFailed } from "../components/common/load-failed";
import { PageLoadFailed, PageMessage } from "../components/common/page-message";
import { FeedLinks } from "../components/feeds/feed-links";
import { PageLoading } from "../components/layout/page-loading";
import { isNotFound } from "../lib/errors";
import { useTRPC } from "../lib/trpc";
import { useDocumentTitle } from "../lib/use-document-title";

const route = getRouteApi("/collections/$id/{-$slug}");

/**
 * /collections/{id}/{slug} (issue 38 §2): a collection's title, description, owner and size, its listings as the
 * gallery's cards in its owner's order, and how many the viewer's settings hide (the server's count, said honestly).
 * Its owner edits it here: title, description, visibility, the order, removals, deleting it. The served head (the
 * server's `collectionHead`) has the same title.
 */
export function CollectionPage() {
  const { id, slug } = route.useParams();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const query = useInfiniteQuery(collectionQuery(trpc, id));
  const first = query.data?.pages[0];
  const collection = first?.collection;
  useDocumentTitle(collection?.title);

  // An old or missing slug becomes the current one, without a new history entry (the server 301s a first visit).
  useEffect(() => {
    if (collection && (slug ?? "") !== listingSlug(collection.title)) {
      void navigate({
        to: "/collections/$id/{-$slug}",
        params: { id, slug: listingSlug(collection.title) || undefined },
        replace: true,
      });
    }
  }, [collection, slug, id, navigate]);

  if (query.isError && !first) {
    if (isNotFound(query.error)) {
      return <PageMessage title={COLLECTION_TEXTS.notFound} message={COLLECTION_TEXTS.notFoundHint} />;
    }
    return <PageLoadFailed query={query} what="This collection" />;
  }
  if (!first || !collection) return <PageLoading />;

  const chatbots = query.data?.pages.flatMap((page) => page.items) ?? [];
  const hidden = hiddenItemsNote(first.hiddenCount);
  const onlyHidden = chatbots.length === 0 && first.hiddenCount > 0;
  return (
    <div className="space-y-6 py-6">
      <RefreshFailed query={query} what="This collection" />
      <header className="space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="min-w-0 break-words text-3xl font-bold tracking-tight">{collection.title}</h1>
          <PrivateBadge collection={collection} />
        </div>
        {collection.description && (
          <p className="whitespace-pre-wrap break-words text-muted-foreground" data-testid="collection-description">
            {collection.description}
          </p>
        )}
        <p className="text-sm text-muted-foreground">
          by{" "}
          <Link
            to="/profile/$userId"
            params={{ userId: collection.ownerId }}
            className="font-medium text-foreground hover:underline"
          >
            {collection.ownerName}
          </Link>{" "}
          · <span data-testid="collection-count">{collectionCount(collection.itemCount)}</span>
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="outline"
            size="sm"
            onClick={() => void copyToClipboard("Link", window.location.origin + collection.path)}
          >
            <Share2 aria-hidden className="size-4" />
            {COLLECTION_TEXTS.share}
          </Button>
          {first.mine && <OwnerTools collection={collection} />}
          {collection.public && (
            <FeedLinks
              path={(format) => collectionFeedPath(collection.id, format)}
              hint={FEED_TEXTS.collectionHint(collection.title)}
              className="ml-1"
            />
          )}
        </div>
      </header>
      {hidden && (
        <p
          role="status"
          className="flex items-center gap-2 rounded-lg border bg-muted/40 px-4 py-3 text-sm"
          data-testid="collection-hidden"
        >
          <EyeOff aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          {hidden}
        </p>
      )}
      {/* The cards' titles are h3s: the outline goes h1, h2, h3 for screen readers' heading navigation. */}
      <h2 className="sr-only">Listings in this collection</h2>
      {!onlyHidden &&
        (first.mine && chatbots.length > 0 ? (
          <OwnerItems collection={collection} chatbots={chatbots} />
        ) : (
          <ChatbotGrid chatbots={chatbots} isLoading={false} skeletonCount={6} emptyMessage={COLLECTION_TEXTS.empty} />
        ))}
      <LoadMore {...nextPageOf(query)} />
    </div>
  );
}
