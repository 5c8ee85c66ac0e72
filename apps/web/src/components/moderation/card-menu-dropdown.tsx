import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@gallery/ui";
import { Flag } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { MenuTrigger } from "./card-menu-trigger";
import { ReportDialogWhenOpen } from "./report-button";

/**
 * The card menu once its code is here: it opens at once (the click that asked for it), its button taking
 * over the focus of the plain one it replaced.
 */
export default function CardMenuDropdown({ chatbotId, title }: { chatbotId: string; title: string }) {
  const [reporting, setReporting] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  return (
    <>
      <DropdownMenu defaultOpen>
        <DropdownMenuTrigger asChild>
          <MenuTrigger ref={button} title={title} />
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
