import type { User } from "@gallery/schema/types";
import { ExternalLink } from "lucide-react";

/** The six links of spec section 5, in the spec's order, with their labels. */
export const SOCIAL_LINKS = [
  { key: "instagramUrl", label: "Instagram" },
  { key: "blueskyUrl", label: "Bluesky" },
  { key: "facebookUrl", label: "Facebook" },
  { key: "twitterUrl", label: "Twitter/X" },
  { key: "kofiUrl", label: "Ko-Fi" },
  { key: "patreonUrl", label: "Patreon" },
] as const satisfies ReadonlyArray<{ key: keyof User; label: string }>;

export type SocialKey = (typeof SOCIAL_LINKS)[number]["key"];

/** Only web addresses are links (the server accepts nothing else; this guards older data). */
const isWebAddress = (url: string) => /^https?:\/\//i.test(url);

/** The links a user has set, each opening in a new tab; renders nothing when none is set. */
export function SocialLinksList({ user }: { user: Pick<User, SocialKey> }) {
  const links = SOCIAL_LINKS.filter(({ key }) => user[key] && isWebAddress(user[key]!));
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
