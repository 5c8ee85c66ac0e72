import * as SheetPrimitive from "@radix-ui/react-dialog";
import type { ComponentProps } from "react";
import { cn } from "./cn";
import { DialogCornerClose, DialogDescription, DialogOverlay } from "./dialog";
import { useReturnFocus } from "./return-focus";

export const Sheet = SheetPrimitive.Root;
export const SheetTrigger = SheetPrimitive.Trigger;
export const SheetClose = SheetPrimitive.Close;

export interface SheetContentProps extends ComponentProps<typeof SheetPrimitive.Content> {
  /** The edge the drawer slides out from: a side drawer, or a bottom sheet (a phone's filters). */
  side?: "left" | "right" | "bottom";
}

/** A slide-out drawer (a modal dialog pinned to one edge). */
export function SheetContent({ className, children, side = "left", ...props }: SheetContentProps) {
  const content = useReturnFocus(props);
  return (
    <SheetPrimitive.Portal>
      {/* A drawer dims the page beside it without blurring it. */}
      <DialogOverlay className="backdrop-blur-none" />
      <SheetPrimitive.Content
        data-slot="sheet-content"
        className={cn(
          "fixed z-50 flex flex-col gap-4 bg-card p-6 text-card-foreground shadow-2xl focus:outline-none",
          side === "left" &&
            "inset-y-0 left-0 h-full w-72 max-w-[85vw] border-r border-border data-[state=closed]:animate-slide-out-left data-[state=open]:animate-slide-in-left",
          side === "right" &&
            "inset-y-0 right-0 h-full w-72 max-w-[85vw] border-l border-border data-[state=closed]:animate-slide-out-right data-[state=open]:animate-slide-in-right",
          side === "bottom" &&
            "inset-x-0 bottom-0 max-h-[85dvh] overflow-y-auto rounded-t-2xl border-t border-border pb-[max(1.5rem,env(safe-area-inset-bottom))] data-[state=closed]:animate-slide-out-bottom data-[state=open]:animate-slide-in-bottom",
          className,
        )}
        {...content}
      >
        {children}
        <DialogCornerClose />
      </SheetPrimitive.Content>
    </SheetPrimitive.Portal>
  );
}

export function SheetHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1.5 pr-8", className)} {...props} />;
}

export function SheetTitle({ className, ...props }: ComponentProps<typeof SheetPrimitive.Title>) {
  return <SheetPrimitive.Title className={cn("text-lg font-semibold", className)} {...props} />;
}

/** A sheet is a dialog pinned to an edge: its description is a dialog's. */
export const SheetDescription = DialogDescription;
