import { COLLECTION_TEXTS } from "@gallery/schema/collections-texts";
import { Badge } from "@gallery/ui";
import { Lock } from "lucide-react";

/** "Private" beside a collection only its owner sees (its page's title, the profile's list); nothing for a public one. */
export function PrivateBadge({ collection }: { collection: { public: boolean } }) {
  if (collection.public) return null;
  return (
    <Badge variant="secondary" className="gap-1">
      <Lock aria-hidden className="size-3" />
      {COLLECTION_TEXTS.privateLabel}
    </Badge>
  );
}
