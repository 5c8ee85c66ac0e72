import {
  Button,
  type DialogOpenProps,
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from "@gallery/ui";
import type { ReactNode } from "react";
import { ClearButton, FilterControls, type FilterControlsProps } from "./filter-bar";

interface Props extends DialogOpenProps {
  controls: FilterControlsProps;
  /** e.g. '12 bots' (undefined while counting). */
  countLabel: string | undefined;
  /** The tag chips. */
  tags: ReactNode;
}

/**
 * A phone's browse filters in a bottom sheet (loaded on first opening): sort, platform, content, the tag
 * chips and Clear. Each change goes to the URL at once, as in the bar, so the gallery behind already shows
 * the result; the last button closes the sheet.
 */
export function FilterSheet({ open, onOpenChange, controls, countLabel, tags }: Props) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="bottom">
        <SheetHeader>
          <SheetTitle>Filters</SheetTitle>
          <SheetDescription className="sr-only">Sort and filter the gallery.</SheetDescription>
        </SheetHeader>
        <div className="flex flex-col gap-4">
          <FilterControls {...controls} stacked />
        </div>
        <div className="flex flex-col gap-1.5">
          <h3 className="text-sm font-medium">Tags</h3>
          {tags}
        </div>
        <div className="flex gap-2">
          {/* 44 px tall on a phone: a finger's target. */}
          <ClearButton {...controls} variant="outline" className="flex-1 max-sm:h-11" />
          <SheetClose asChild>
            <Button className="flex-1 max-sm:h-11">{countLabel ? `Show ${countLabel}` : "Show results"}</Button>
          </SheetClose>
        </div>
      </SheetContent>
    </Sheet>
  );
}
