import type { ReactNode } from "react";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "./alert-dialog";
import { Button } from "./button";
import type { DialogOpenProps } from "./dialog";

export interface ConfirmDialogProps extends DialogOpenProps {
  title: string;
  description: ReactNode;
  /** e.g. 'Delete' */
  confirmLabel: string;
  /** e.g. 'Deleting...' (shown while pending) */
  pendingLabel: string;
  pending: boolean;
  onConfirm: () => void;
  cancelLabel?: string;
  /** What the confirmation asks for besides (e.g. a reason), between the description and the buttons. */
  children?: ReactNode;
  /** The confirming button also waits for this (e.g. the reason is still empty). */
  confirmDisabled?: boolean;
}

/**
 * A destructive confirmation (e.g. 'Delete Chatbot') that cannot be dismissed while its action is
 * pending. onConfirm does not close the dialog: close it (onOpenChange(false)) when the action settles.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, onOpenChange, title, description, confirmLabel, pendingLabel, pending, onConfirm } = props;
  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <AlertDialogContent preventClose={pending}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {props.children}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{props.cancelLabel ?? "Cancel"}</AlertDialogCancel>
          <Button variant="destructive" disabled={pending || props.confirmDisabled} onClick={onConfirm}>
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
