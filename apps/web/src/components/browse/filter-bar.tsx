import type { GallerySort, Platform } from "@gallery/schema/constants";
import { Button, NativeSelect } from "@gallery/ui";
import { ShieldCheck, X } from "lucide-react";
import type { ContentFilter } from "./browse-filters";

interface Props {
  sort: GallerySort;
  onSortChange: (sort: GallerySort) => void;
  /** undefined: All Platforms. */
  platform: Platform | undefined;
  onPlatformChange: (platform: Platform | undefined) => void;
  /** undefined: All Content. */
  content: ContentFilter | undefined;
  onContentChange: (content: ContentFilter | undefined) => void;
  /** Members choose the content filter; visitors see the SFW-only notice; null while auth loads. */
  viewer: "member" | "visitor" | null;
  /** e.g. '12 bots' (undefined while counting). */
  countLabel: string | undefined;
  canClear: boolean;
  onClear: () => void;
}

/** A select's value: "all" is no filter. */
const orUndefined = <T extends string>(value: string) => (value === "all" ? undefined : (value as T));

/**
 * The browse page's filter bar (spec section 2): sticky under the header from the `sm` width up; on a phone it
 * scrolls away with the page, so only the 64 px header stays on screen.
 */
export function FilterBar(props: Props) {
  return (
    <div className="-mx-4 border-y bg-background px-4 py-3 sm:sticky sm:top-16 sm:z-30 sm:bg-background/90 sm:backdrop-blur">
      <div className="flex flex-wrap items-center gap-3">
        {/* Native selects: accessible everywhere and no popover code in the gallery's first download. */}
        <NativeSelect
          className="w-36"
          aria-label="Sort"
          value={props.sort}
          onChange={(event) => props.onSortChange(event.target.value as GallerySort)}
        >
          <option value="newest">Newest</option>
          <option value="popular">Popular</option>
          <option value="trending">Trending</option>
          <option value="az">A–Z</option>
          <option value="saved">Most saved</option>
        </NativeSelect>
        <NativeSelect
          className="w-40"
          aria-label="Platform"
          value={props.platform ?? "all"}
          onChange={(event) => props.onPlatformChange(orUndefined<Platform>(event.target.value))}
        >
          <option value="all">All Platforms</option>
          <option value="polybuzz">Polybuzz</option>
          <option value="roleplaya">Roleplaya</option>
        </NativeSelect>
        {props.viewer === "member" && (
          <NativeSelect
            className="w-44"
            aria-label="Content"
            value={props.content ?? "all"}
            onChange={(event) => props.onContentChange(orUndefined<ContentFilter>(event.target.value))}
          >
            <option value="all">All Content</option>
            <option value="sfw">SFW Only</option>
            <option value="nsfw">NSFW Included</option>
          </NativeSelect>
        )}
        {props.viewer === "visitor" && (
          <span className="inline-flex items-center gap-1.5 rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">
            <ShieldCheck className="size-4" aria-hidden />
            SFW Only (Sign in to view all content)
          </span>
        )}
        <Button variant="ghost" onClick={props.onClear} disabled={!props.canClear}>
          <X aria-hidden /> Clear
        </Button>
        <p className="ml-auto text-sm font-medium text-muted-foreground" aria-live="polite">
          {props.countLabel}
        </p>
      </div>
    </div>
  );
}
