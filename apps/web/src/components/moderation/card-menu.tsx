import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@gallery/ui";
import { Flag, MoreHorizontal } from "lucide-react";
import { useState } from "react";
import { ReportDialogWhenOpen } from "./report-button";

/** A listing card's menu ("More actions"): Report, for visitors and members alike. */
export function CardMenu({ chatbotId, title }: { chatbotId: string; title: string }) {
  const [reporting, setReporting] = useState(false);
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger
          aria-label={`More actions for ${title}`}
          className="inline-flex size-8 shrink-0 cursor-pointer items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          <MoreHorizontal className="size-4" aria-hidden />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => setReporting(true)}>
            <Flag className="size-4" aria-hidden />
            Report
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ReportDialogWhenOpen
        target={{ kind: "listing", id: chatbotId, name: title }}
        open={reporting}
        onOpenChange={setReporting}
      />
    </>
  );
}
