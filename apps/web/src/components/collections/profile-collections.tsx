import type { CollectionCard } from "@gallery/schema";
import { COLLECTION_TEXTS, collectionCount } from "@gallery/schema/collections-texts";
import { Card, Skeleton } from "@gallery/ui";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { FolderOpen } from "lucide-react";
import { useTRPC } from "../../lib/trpc";
import { QueryContent } from "../common/load-failed";
import { collectionLink } from "./collection-link";
import { PrivateBadge } from "./private-badge";

/**
 * A profile's "Collections" (issue 38 §2): the member's public collections, newest first, each with its mosaic (the
 * server's share preview), title and size. On their own profile the member sees all of theirs (their own read,
 * `collections.mine`), the private ones marked Private.
 */
export function ProfileCollections({ userId, own }: { userId: string; own: boolean }) {
  const trpc = useTRPC();
  const theirs = useQuery({ ...trpc.collections.ofMember.queryOptions({ userId }), enabled: !own });
  const mine = useQuery({ ...trpc.collections.mine.queryOptions({}), enabled: own });
  const query = own ? mine : theirs;
  const collections: CollectionCard[] | undefined = query.data;
  return (
    <section className="space-y-4" aria-labelledby="profile-collections">
      <h2 id="profile-collections" className="text-2xl font-semibold tracking-tight">
        {COLLECTION_TEXTS.sectionTitle}
      </h2>
      <QueryContent query={query} what="The collections">
        {!collections ? (
          <div
            className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
            role="status"
            aria-label="Loading collections"
          >
            <Skeleton className="aspect-[1200/630] w-full" />
            <Skeleton className="aspect-[1200/630] w-full max-sm:hidden" />
          </div>
        ) : collections.length === 0 ? (
          <p className="text-muted-foreground">
            {own ? COLLECTION_TEXTS.noCollections : COLLECTION_TEXTS.profileEmpty}
          </p>
        ) : (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="profile-collections">
            {collections.map((collection) => (
              <li key={collection.id}>
                <CollectionTile collection={collection} />
              </li>
            ))}
          </ul>
        )}
      </QueryContent>
    </section>
  );
}

function CollectionTile({ collection }: { collection: CollectionCard }) {
  return (
    <Card className="overflow-hidden p-0 transition-shadow hover:shadow-md">
      <Link {...collectionLink(collection)} className="block focus-visible:outline-2 focus-visible:outline-ring">
        <div className="flex aspect-[1200/630] items-center justify-center bg-muted">
          {collection.previewUrl ? (
            <img
              src={collection.previewUrl}
              alt=""
              width={1200}
              height={630}
              loading="lazy"
              className="size-full object-cover"
            />
          ) : (
            <FolderOpen aria-hidden className="size-10 text-muted-foreground" />
          )}
        </div>
        <div className="space-y-1 p-3">
          <h3 className="line-clamp-2 font-semibold">{collection.title}</h3>
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            {collectionCount(collection.itemCount)}
            <PrivateBadge collection={collection} />
          </p>
        </div>
      </Link>
    </Card>
  );
}
