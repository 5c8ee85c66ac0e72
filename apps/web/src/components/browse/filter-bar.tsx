import { LISTING_FIELDS, type ListingFieldName } from "@gallery/schema/listing-fields";
import { PLATFORM_REGISTRY, PLATFORMS, type Platform } from "@gallery/schema/platforms";
import { type GallerySort, SORT_REGISTRY } from "@gallery/schema/sorts";
import { Button, cn, NativeSelect } from "@gallery/ui";
import { ShieldCheck, SlidersHorizontal, X } from "lucide-react";
import { type ReactNode, useId } from "react";
import type { ContentFilter } from "./browse-filters";
import { ContentSelect } from "./content-select";

/** The filters themselves: the same controls in the bar (from `sm` up) and in a phone's filter sheet. */
export interface FilterControlsProps {
  sort: GallerySort;
  /** The orders offered (sortsFor: Best match only while a term is set). */
  sorts: readonly GallerySort[];
  onSortChange: (sort: GallerySort) => void;
  /** undefined: All Platforms. */
  platform: Platform | undefined;
  onPlatformChange: (platform: Platform | undefined) => void;
  /** The declared listing fields' filters (listing-fields.ts): a value each, undefined for all. */
  listingFields: Partial<Record<ListingFieldName, string>>;
  onListingFieldChange: (name: ListingFieldName, value: string | undefined) => void;
  /** undefined: All Content. */
  content: ContentFilter | undefined;
  onContentChange: (content: ContentFilter | undefined) => void;
  /** Members choose the content filter; visitors see the SFW-only notice; null while auth loads. */
  viewer: "member" | "visitor" | null;
  canClear: boolean;
  onClear: () => void;
}

/** A select's value: "all" is no filter. */
const orUndefined = <T extends string>(value: string) => (value === "all" ? undefined : (value as T));

/** In the sheet (a phone) a select takes the whole width and is a 44 px tap target. */
const selectClass = (stacked: boolean) => (stacked ? "w-full max-sm:h-11" : undefined);

/** In the sheet each select has a visible label above it (its accessible name stays the same). */
function Field({ label, id, stacked, children }: { label: string; id: string; stacked: boolean; children: ReactNode }) {
  if (!stacked) return children;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
    </div>
  );
}

/** Sort, platform and content (or the visitor's SFW notice): in a row, or stacked in the sheet. */
export function FilterControls({ stacked = false, ...props }: FilterControlsProps & { stacked?: boolean }) {
  const id = useId();
  return (
    <>
      {/* Native selects: accessible everywhere and no popover code in the gallery's first download. */}
      <Field label="Sort" id={`${id}-sort`} stacked={stacked}>
        <NativeSelect
          className={cn(selectClass(stacked), !stacked && "w-36")}
          id={`${id}-sort`}
          aria-label="Sort"
          value={props.sort}
          onChange={(event) => props.onSortChange(event.target.value as GallerySort)}
        >
          {props.sorts.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_REGISTRY[sort].label}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field label="Platform" id={`${id}-platform`} stacked={stacked}>
        <NativeSelect
          className={cn(selectClass(stacked), !stacked && "w-40")}
          id={`${id}-platform`}
          aria-label="Platform"
          value={props.platform ?? "all"}
          onChange={(event) => props.onPlatformChange(orUndefined<Platform>(event.target.value))}
        >
          <option value="all">All Platforms</option>
          {PLATFORMS.map((platform) => (
            <option key={platform} value={platform}>
              {PLATFORM_REGISTRY[platform].name}
            </option>
          ))}
        </NativeSelect>
      </Field>
      {LISTING_FIELDS.map((field) => {
        const name = field.name as ListingFieldName;
        return (
          <Field key={name} label={field.label} id={`${id}-${name}`} stacked={stacked}>
            <NativeSelect
              className={cn(selectClass(stacked), !stacked && "w-40")}
              id={`${id}-${name}`}
              aria-label={field.label}
              value={props.listingFields[name] ?? "all"}
              onChange={(event) => props.onListingFieldChange(name, orUndefined(event.target.value))}
            >
              <option value="all">{field.any}</option>
              {field.values.map((value) => (
                <option key={value} value={value}>
                  {field.choices[value]}
                </option>
              ))}
            </NativeSelect>
          </Field>
        );
      })}
      {props.viewer === "member" && (
        <Field label="Content" id={`${id}-content`} stacked={stacked}>
          <ContentSelect
            id={`${id}-content`}
            className={cn(selectClass(stacked), !stacked && "w-44")}
            stacked={stacked}
            value={props.content}
            onChange={props.onContentChange}
          />
        </Field>
      )}
      {props.viewer === "visitor" && (
        <span className="inline-flex items-center gap-1.5 rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">
          <ShieldCheck className="size-4" aria-hidden />
          SFW Only (Sign in to view all content)
        </span>
      )}
    </>
  );
}

/** Clear: resets the search and every filter (spec section 2). */
export function ClearButton({
  canClear,
  onClear,
  variant = "ghost",
  className,
}: Pick<FilterControlsProps, "canClear" | "onClear"> & { variant?: "ghost" | "outline"; className?: string }) {
  return (
    <Button variant={variant} className={className} onClick={onClear} disabled={!canClear}>
      <X aria-hidden /> Clear
    </Button>
  );
}

interface FilterBarProps extends FilterControlsProps {
  /** e.g. '12 bots' (undefined while counting). */
  countLabel: string | undefined;
  /** How many of the sheet's filters differ from the plain gallery (the phone's Filters button shows it). */
  activeCount: number;
  /** Opens the phone's filter sheet. */
  onOpenFilters: () => void;
}

/**
 * The browse page's filter bar (spec section 2). From the `sm` width up: the filters themselves, sticky under
 * the header. On a phone: a Filters button (with the number of filters in effect) that opens them in a sheet;
 * the bar scrolls away with the page, so only the 64 px header stays on screen.
 */
export function FilterBar({ countLabel, activeCount, onOpenFilters, ...controls }: FilterBarProps) {
  return (
    <div className="-mx-4 border-y bg-background px-4 py-3 sm:sticky sm:top-16 sm:z-30 sm:bg-background/90 sm:backdrop-blur">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="outline"
          className="sm:hidden"
          onClick={onOpenFilters}
          aria-haspopup="dialog"
          aria-label={activeCount > 0 ? `Filters, ${activeCount} active` : undefined}
        >
          <SlidersHorizontal aria-hidden /> Filters
          {activeCount > 0 && (
            <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold leading-5 text-primary-foreground">
              {activeCount}
            </span>
          )}
        </Button>
        <div className="hidden sm:contents">
          <FilterControls {...controls} />
          <ClearButton {...controls} />
        </div>
        <p className="ml-auto text-sm font-medium text-muted-foreground" aria-live="polite">
          {countLabel}
        </p>
      </div>
    </div>
  );
}
