import type { ConfirmDialogProps } from "@gallery/ui";
import { lazy } from "react";
import { OnceOpened } from "./once-opened";

// Radix's dialog code loads on first use, as the other dialogs' does: the listing page's first download stays small.
const ConfirmDialog = lazy(() =>
  import("@gallery/ui/confirm-dialog").then((module) => ({ default: module.ConfirmDialog })),
);

/** ConfirmDialog, its code fetched when it first opens (a review's or a reply's delete on the listing page). */
export function LazyConfirmDialog(props: ConfirmDialogProps) {
  return (
    <OnceOpened open={props.open}>
      <ConfirmDialog {...props} />
    </OnceOpened>
  );
}
