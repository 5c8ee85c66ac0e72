import { isPlatform, PLATFORM_REGISTRY, type Platform, UNKNOWN_PLATFORM_TEXTS } from "@gallery/schema/platforms";
import { Button } from "@gallery/ui";
import { useQuery } from "@tanstack/react-query";
import { getRouteApi, Link } from "@tanstack/react-router";
import { ArrowLeft, Link2Off, Lock } from "lucide-react";
import { listingLink } from "../components/chatbots/listing-link";
import { PageMessage } from "../components/common/page-message";
import { PageLoading } from "../components/layout/page-loading";
import { isForbidden, isUnauthorized, serverMessage } from "../lib/errors";
import { LOGIN_URL } from "../lib/login-url";
import { useTRPC } from "../lib/trpc";
import { useDocumentTitle } from "../lib/use-document-title";

const route = getRouteApi("/go/$id/$platform");

/** /go/{id}/{platform} with a platform the registry lacks: a wrong address (the server's 404), not a dead link. */
function WrongAddress({ platform }: { platform: string }) {
  useDocumentTitle(UNKNOWN_PLATFORM_TEXTS.title);
  return (
    <PageMessage
      title={UNKNOWN_PLATFORM_TEXTS.title}
      message={UNKNOWN_PLATFORM_TEXTS.message(platform)}
      lead={<Link2Off className="size-10 text-muted-foreground" aria-hidden="true" />}
    />
  );
}

/**
 * /go/{id}/{platform} shown by the app: the server answers a working link with a redirect, so this page is
 * only ever a link that did not work (the server's 404, 401 or 400 behind it). What is said comes from the
 * listing's own read: gone, for members, or there but no longer on that platform (with the way back to it). An
 * address naming no platform of the registry is a wrong address, said so without asking for the listing.
 */
export function DeadLinkPage() {
  const { platform } = route.useParams();
  return isPlatform(platform) ? <DeadLink platform={platform} /> : <WrongAddress platform={platform} />;
}

function DeadLink({ platform }: { platform: Platform }) {
  const { id } = route.useParams();
  const listing = useQuery({ ...useTRPC().chatbots.byId.queryOptions({ id }), retry: false });
  const locked = listing.isError && isUnauthorized(listing.error);
  useDocumentTitle(locked ? "Sign in to view" : "This link no longer works");

  if (listing.isPending) return <PageLoading />;
  if (locked) {
    return (
      <PageMessage
        title="Sign in to follow this link"
        message="This chatbot is shown to signed-in members only."
        lead={<Lock className="size-10 text-muted-foreground" aria-hidden="true" />}
        action={
          <Button asChild>
            <a href={LOGIN_URL}>Sign In</a>
          </Button>
        }
      />
    );
  }
  const chatbot = listing.data;
  // There, but hidden from this member (their settings or age): the server's reason, and the listing's own page.
  const hidden = listing.isError && isForbidden(listing.error);
  return (
    <PageMessage
      title="This link no longer works"
      message={
        chatbot
          ? `“${chatbot.title}” is no longer on ${PLATFORM_REGISTRY[platform].name}.`
          : hidden
            ? (serverMessage(listing.error) ?? "This listing is hidden from you.")
            : "The chatbot it pointed to was removed or is no longer listed."
      }
      lead={<Link2Off className="size-10 text-muted-foreground" aria-hidden="true" />}
      action={
        (chatbot || hidden) && (
          <Button asChild>
            <Link {...listingLink(chatbot ?? { id, title: "" })}>
              <ArrowLeft aria-hidden="true" />
              {chatbot ? `Back to ${chatbot.title}` : "Open the listing"}
            </Link>
          </Button>
        )
      }
    />
  );
}
