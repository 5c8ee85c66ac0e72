import { listingSlug } from "@gallery/schema/listing-path";
import { Button } from "@gallery/ui";
import { useQuery } from "@tanstack/react-query";
import { getRouteApi, Link, useNavigate } from "@tanstack/react-router";
import { Compass } from "lucide-react";
import { useEffect } from "react";
import { listingLink } from "../components/chatbots/listing-link";
import { useRecordView } from "../components/chatbots/use-record-view";
import { PageLoading } from "../components/layout/page-loading";
import { ListingDetails } from "../components/listing-page/listing-details";
import { ListingLocked } from "../components/listing-page/listing-locked";
import { MoreListings } from "../components/listing-page/more-listings";
import { isNotFound, isUnauthorized } from "../lib/errors";
import { useTRPC } from "../lib/trpc";
import { useDocumentTitle } from "../lib/use-document-title";
import { NotFoundPage } from "./not-found";

const route = getRouteApi("/chatbots/$id/{-$slug}");

/** /chatbots/{id}/{slug}: one listing's page, "More in this series" and "More from this creator". */
export function ListingPage() {
  const { id, slug } = route.useParams();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const listing = useQuery(trpc.chatbots.byId.queryOptions({ id }));
  const chatbot = listing.data;
  const locked = listing.isError && isUnauthorized(listing.error);
  useDocumentTitle(chatbot?.title ?? (locked ? "Sign in to view" : undefined));
  // One view a visitor a day, counted by the server once the listing is shown.
  useRecordView(chatbot?.id);

  // An old or missing slug becomes the current one, without a new history entry.
  useEffect(() => {
    if (chatbot && (slug ?? "") !== listingSlug(chatbot.title)) {
      void navigate({ ...listingLink(chatbot), replace: true });
    }
  }, [chatbot, slug, navigate]);

  if (locked) return <ListingLocked />;
  if (listing.isError && isNotFound(listing.error)) return <NotFoundPage />;
  if (listing.isError) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-24 text-center">
        <h1 className="text-2xl font-bold tracking-tight">Chatbot unavailable</h1>
        <p className="text-muted-foreground" role="alert">
          This chatbot could not be loaded. Please try again later.
        </p>
        <Button asChild>
          <Link to="/">
            <Compass aria-hidden /> Back to Browse
          </Link>
        </Button>
      </div>
    );
  }
  if (!chatbot) return <PageLoading />;
  return (
    <div className="space-y-12 py-6">
      <ListingDetails chatbot={chatbot} />
      <MoreListings chatbot={chatbot} />
    </div>
  );
}
