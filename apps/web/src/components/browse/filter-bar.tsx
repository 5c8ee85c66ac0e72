import { Button, Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@gallery/ui";
import { ShieldCheck, X } from "lucide-react";
import type { ContentFilter, PlatformFilter } from "./browse-filters";

interface Props {
  platform: PlatformFilter;
  onPlatformChange: (platform: PlatformFilter) => void;
  content: ContentFilter;
  onContentChange: (content: ContentFilter) => void;
  /** Members choose the content filter; visitors see the SFW-only notice; null while auth loads. */
  viewer: "member" | "visitor" | null;
  /** e.g. '12 bots' (undefined while counting). */
  countLabel: string | undefined;
  canClear: boolean;
  onClear: () => void;
}

/** The browse page's sticky filter bar (spec section 2). */
export function FilterBar(props: Props) {
  return (
    <div className="sticky top-16 z-30 -mx-4 border-y bg-background/90 px-4 py-3 backdrop-blur">
      <div className="flex flex-wrap items-center gap-3">
        <Select value={props.platform} onValueChange={(value) => props.onPlatformChange(value as PlatformFilter)}>
          <SelectTrigger className="w-40" aria-label="Platform">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">All Platforms</SelectItem>
            <SelectItem value="polybuzz">Polybuzz</SelectItem>
            <SelectItem value="roleplaya">Roleplaya</SelectItem>
          </SelectContent>
        </Select>
        {props.viewer === "member" && (
          <Select value={props.content} onValueChange={(value) => props.onContentChange(value as ContentFilter)}>
            <SelectTrigger className="w-44" aria-label="Content">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">All Content</SelectItem>
              <SelectItem value="sfw">SFW Only</SelectItem>
              <SelectItem value="nsfw">NSFW Included</SelectItem>
            </SelectContent>
          </Select>
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
