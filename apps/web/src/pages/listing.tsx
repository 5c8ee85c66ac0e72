import { listingSlug } from "@gallery/schema/listing-path";
import { useQuery } from "@tanstack/react-query";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { lazy, Suspense, useEffect, useState } from "react";
import { listingLink } from "../components/chatbots/listing-link";
import { useRecordView } from "../components/chatbots/use-record-view";
import { RefreshFailed } from "../components/common/load-failed";
import { PageLoadFailed } from "../components/common/page-message";
import { PageLoading } from "../components/layout/page-loading";
import { ListingDetails } from "../components/listing-page/listing-details";
import { ListingHidden } from "../components/listing-page/listing-hidden";
import { ListingLocked } from "../components/listing-page/listing-locked";
import { sortOf } from "../components/reviews/review-search";
import { ReviewsLoading } from "../components/reviews/reviews-loading";
import { isForbidden, isNotFound, isUnauthorized, serverMessage } from "../lib/errors";
import { useTRPC } from "../lib/trpc";
import { useDocumentTitle } from "../lib/use-document-title";
import { NotFoundPage } from "./not-found";

const route = getRouteApi("/chatbots/$id/{-$slug}");

// Below the listing, so their code comes after the page's first paint: a phone's first screen is the listing itself.
const ReviewsSection = lazy(() =>
  import("../components/reviews/reviews-section").then((module) => ({ default: module.ReviewsSection })),
);
const MoreListings = lazy(() =>
  import("../components/listing-page/more-listings").then((module) => ({ default: module.MoreListings })),
);

/** /chatbots/{id}/{slug}: one listing's page, "More in this series" and "More from this creator". */
export function ListingPage() {
  const { id, slug } = route.useParams();
  const search = route.useSearch();
  const trpc = useTRPC();
  const navigate = useNavigate();
  // A listing the member's safety settings hide is shown once when they ask (not remembered).
  const [shownOnce, setShownOnce] = useState<string | null>(null);
  const showHidden = shownOnce === id;
  const listing = useQuery(trpc.chatbots.byId.queryOptions(showHidden ? { id, showHidden } : { id }));
  const chatbot = listing.data;
  const locked = listing.isError && isUnauthorized(listing.error);
  const hidden = listing.isError && isForbidden(listing.error);
  useDocumentTitle(chatbot?.title ?? (locked ? "Sign in to view" : hidden ? "Hidden listing" : undefined));
  // One view a visitor a day, counted by the server once the listing is shown.
  useRecordView(chatbot?.id);

  // An old or missing slug becomes the current one, without a new history entry.
  useEffect(() => {
    if (chatbot && (slug ?? "") !== listingSlug(chatbot.title)) {
      void navigate({ ...listingLink(chatbot), search, replace: true });
    }
  }, [chatbot, slug, navigate, search]);

  if (locked) return <ListingLocked />;
  if (hidden) {
    const reason = serverMessage(listing.error) ?? "This listing is hidden by your settings";
    return <ListingHidden reason={reason} onShowOnce={() => setShownOnce(id)} />;
  }
  if (listing.isError && isNotFound(listing.error)) return <NotFoundPage />;
  // Any other failure: a page with nothing of the listing yet says so; one already shown stays, with a notice.
  if (listing.isError && !chatbot) {
    return <PageLoadFailed query={listing} what="This chatbot" />;
  }
  if (!chatbot) return <PageLoading />;
  return (
    <div className="space-y-12 py-6">
      <RefreshFailed query={listing} what="This chatbot" />
      <ListingDetails chatbot={chatbot} />
      <Suspense fallback={<ReviewsLoading />}>
        <ReviewsSection
          chatbot={chatbot}
          sort={sortOf(search)}
          onSortChange={(sort) =>
            void navigate({
              to: ".",
              search: sort === "newest" ? {} : { reviews: sort },
              replace: true,
              resetScroll: false,
            })
          }
        />
      </Suspense>
      {/* Its sections draw their own skeletons once their code is in. */}
      <Suspense fallback={null}>
        <MoreListings chatbot={chatbot} />
      </Suspense>
    </div>
  );
}
