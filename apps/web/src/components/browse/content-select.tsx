import { Button, cn, NativeSelect } from "@gallery/ui";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useTRPC } from "../../lib/trpc";
import type { ContentFilter } from "./browse-filters";

interface Props {
  id: string;
  /** The select's classes (its width). */
  className?: string;
  /** In the phone's sheet: the whole width. */
  stacked: boolean;
  /** undefined: All Content. */
  value: ContentFilter | undefined;
  onChange: (content: ContentFilter | undefined) => void;
}

/**
 * A member's content select (All Content, SFW Only, NSFW Included). When their own NSFW display setting is
 * Hide (their choice, or an answer under 18), the server sends no NSFW listing whatever the select says: the
 * select says so, fixed on 'SFW Only (your setting)', with the way to the setting.
 */
export function ContentSelect({ id, className, stacked, value, onChange }: Props) {
  const settings = useQuery(useTRPC().settings.safety.queryOptions());
  if (settings.data?.nsfwDisplay === "hide") {
    return (
      <div className={cn("flex items-center gap-1", stacked && "w-full")}>
        <NativeSelect
          id={id}
          aria-label="Content"
          aria-describedby={`${id}-setting`}
          disabled
          value="sfw"
          // Read, not dimmed: it states the member's setting.
          className={cn(className, "w-auto flex-1 disabled:bg-muted disabled:opacity-100")}
        >
          <option value="sfw">SFW Only (your setting)</option>
        </NativeSelect>
        <Button variant="link" className="h-10 px-2 max-sm:h-11" asChild>
          <Link id={`${id}-setting`} to="/dashboard" hash="safety-settings">
            Change setting
          </Link>
        </Button>
      </div>
    );
  }
  return (
    <NativeSelect
      className={className}
      id={id}
      aria-label="Content"
      value={value ?? "all"}
      onChange={(event) => onChange(event.target.value === "all" ? undefined : (event.target.value as ContentFilter))}
    >
      <option value="all">All Content</option>
      <option value="sfw">SFW Only</option>
      <option value="nsfw">NSFW Included</option>
    </NativeSelect>
  );
}
