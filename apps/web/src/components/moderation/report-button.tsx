import { Button, type DialogOpenProps } from "@gallery/ui";
import { Flag } from "lucide-react";
import { lazy, useState } from "react";
import { OnceOpened } from "../common/once-opened";
import type { ReportTarget } from "./report-dialog";

// The dialog (and its form parts) loads on the first click: most visitors never report anything.
const ReportDialog = lazy(() => import("./report-dialog"));

/** The "Report" action of a listing page or a profile, opening the report dialog. */
export function ReportButton({ target, className }: { target: ReportTarget; className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" size="sm" className={className} onClick={() => setOpen(true)}>
        <Flag className="size-4" aria-hidden />
        Report
      </Button>
      <ReportDialogWhenOpen target={target} open={open} onOpenChange={setOpen} />
    </>
  );
}

/** The lazily loaded dialog, mounted from its first opening on (so it can animate closed). */
export function ReportDialogWhenOpen(props: DialogOpenProps & { target: ReportTarget }) {
  return (
    <OnceOpened open={props.open}>
      <ReportDialog {...props} />
    </OnceOpened>
  );
}
