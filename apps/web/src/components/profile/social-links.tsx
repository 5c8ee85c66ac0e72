import { SOCIAL_LINK_FIELDS } from "@gallery/schema";
import type { User } from "@gallery/schema/types";
import { ExternalLink } from "lucide-react";

/** One of the six links of spec section 5 (SOCIAL_LINK_FIELDS: their order and labels, in the schema). */
export type SocialKey = (typeof SOCIAL_LINK_FIELDS)[number]["key"];

/** Only web addresses are links (the server accepts nothing else; this guards older data). */
const isWebAddress = (url: string) => /^https?:\/\//i.test(url);

/** The links a user has set, each opening in a new tab; renders nothing when none is set. */
export function SocialLinksList({ user }: { user: Pick<User, SocialKey> }) {
  const links = SOCIAL_LINK_FIELDS.filter(({ key }) => user[key] && isWebAddress(user[key]!));
  if (links.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Social media links">
      {links.map(({ key, label }) => (
        <li key={key}>
          <a
            href={user[key]!}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-medium hover:bg-accent"
          >
            {label} <ExternalLink className="size-3.5" aria-hidden />
          </a>
        </li>
      ))}
    </ul>
  );
}
