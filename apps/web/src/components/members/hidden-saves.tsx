import { Button, cn } from "@gallery/ui";
import { Link } from "@tanstack/react-router";
import { EyeOff, Settings } from "lucide-react";

interface Props {
  /** How many saves the member's own settings hide (the server's count). */
  count: number;
  /** They are shown now (`/saved?show=hidden`). */
  showing: boolean;
  /** "block" stands for the list (nothing else is saved); "notice" is a line above it. */
  variant: "block" | "notice";
}

const listings = (count: number) => `${count} saved ${count === 1 ? "listing" : "listings"}`;

/**
 * Why saves are missing from the Saved page: the member's own safety settings (blocked tags, NSFW hidden) hide
 * them. Offers to show them here ("Show them") or to change the settings; the server decides which are hidden.
 */
export function HiddenSaves({ count, showing, variant }: Props) {
  const block = variant === "block";
  return (
    <div
      data-testid="hidden-saves"
      className={cn(
        "flex rounded-xl border border-dashed",
        block
          ? "flex-col items-center gap-3 px-6 py-12 text-center"
          : "flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 text-sm",
      )}
    >
      <EyeOff className={cn("shrink-0 text-muted-foreground", block ? "size-8" : "size-4")} aria-hidden />
      <div className={cn(!block && "min-w-0 flex-1")}>
        <p className={cn("font-semibold", block && "text-lg")}>
          {showing ? `Showing ${listings(count)} your settings hide` : `Your settings hide ${listings(count)}`}
        </p>
        <p className="text-muted-foreground">Your blocked tags or NSFW setting keep them out of your lists.</p>
      </div>
      <div className="flex flex-wrap justify-center gap-2">
        <Button asChild size={block ? "default" : "sm"}>
          <Link to="/saved" search={showing ? {} : { show: "hidden" }}>
            {showing ? "Hide them again" : "Show them"}
          </Link>
        </Button>
        <Button asChild variant="outline" size={block ? "default" : "sm"}>
          <Link to="/dashboard" hash="safety-settings">
            <Settings aria-hidden />
            Change settings
          </Link>
        </Button>
      </div>
    </div>
  );
}
