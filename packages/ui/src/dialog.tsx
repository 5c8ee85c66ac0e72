import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "./cn";
import { dismissUnless } from "./dismiss";
import { useReturnFocus } from "./return-focus";

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;
export const DialogPortal = DialogPrimitive.Portal;

/** The props of a dialog (or a sheet) whose caller holds whether it is open: Radix's controlled pair. */
export interface DialogOpenProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The dimmed, slightly blurred page behind a dialog (an alert dialog's too, drawn by its own primitive). */
export const overlayClassName =
  "fixed inset-0 z-50 bg-overlay backdrop-blur-[2px] data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in";

export function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return <DialogPrimitive.Overlay className={cn(overlayClassName, className)} {...props} />;
}

export interface DialogContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  /**
   * While true (e.g. a save is in flight) the dialog cannot be closed: Escape, a click outside and
   * the X button are all ignored. Spec: dialogs cannot be closed during a pending save.
   */
  preventClose?: boolean;
  /** Hide the X button in the corner. */
  hideCloseButton?: boolean;
}

export function DialogContent({
  className,
  children,
  preventClose = false,
  hideCloseButton = false,
  onEscapeKeyDown,
  onPointerDownOutside,
  onInteractOutside,
  ...props
}: DialogContentProps) {
  const content = useReturnFocus(props);
  return (
    <DialogPrimitive.Portal>
      <DialogOverlay />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        onEscapeKeyDown={dismissUnless(preventClose, onEscapeKeyDown)}
        onPointerDownOutside={dismissUnless(preventClose, onPointerDownOutside)}
        onInteractOutside={dismissUnless(preventClose, onInteractOutside)}
        className={cn(
          "fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-border bg-card p-6 text-card-foreground shadow-2xl focus:outline-none data-[state=closed]:animate-pop-out data-[state=open]:animate-pop-in",
          className,
        )}
        {...content}
      >
        {children}
        {!hideCloseButton && <DialogCornerClose disabled={preventClose} />}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/** The X in the corner of a dialog or a sheet; disabled while it may not close. */
export function DialogCornerClose({ disabled }: { disabled?: boolean }) {
  return (
    <DialogPrimitive.Close
      disabled={disabled}
      aria-label="Close"
      className="absolute right-4 top-4 cursor-pointer rounded-md p-1 text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-30"
    >
      <X className="size-4" />
    </DialogPrimitive.Close>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("mb-4 flex flex-col gap-1.5 pr-6 text-left", className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title className={cn("text-lg font-semibold leading-tight tracking-tight", className)} {...props} />
  );
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn("text-sm text-muted-foreground", className)} {...props} />;
}
