import type { ReactNode } from "react";
import { Button } from "./button";
import type { DialogOpenProps } from "./dialog";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "./dialog";

export interface FormDialogProps extends DialogOpenProps {
  title: ReactNode;
  description: ReactNode;
  /** The form's fields (with any message of their own). */
  children: ReactNode;
  /** The form was sent (its default, a page load, already prevented). */
  onSubmit: () => void;
  submitLabel: string;
  /** The submit button's words while `pending` (e.g. 'Saving...'); the submit label stays without one. */
  pendingLabel?: string;
  /** The submit is in flight: the dialog cannot be closed (Escape, outside, its X) and its buttons wait. */
  pending?: boolean;
  /** The submit button also waits for this (e.g. no reason chosen yet). */
  submitDisabled?: boolean;
  submitVariant?: "default" | "destructive";
  /** The button beside submit: 'Cancel', closing the dialog, unless told otherwise; `false` for none. */
  cancel?: false | { label: string; onClick: () => void };
  /** The refusal to show above the buttons, in the server's words (role="alert"). */
  error?: ReactNode;
  /** The answer once the form was sent, shown in its place with Done (which closes the dialog). */
  result?: ReactNode;
  /** Another step of the dialog, shown in place of the form while set. */
  replaceForm?: ReactNode;
  /** The form's accessible name, where it needs one. */
  formLabel?: string;
  /** Leave the checks to the caller (a schema's words) rather than the browser's. */
  noValidate?: boolean;
  /** The dialog box's own classes (e.g. its width). */
  className?: string;
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * A dialog around one form: its title and description, the fields, the refusal if any, and Cancel beside the submit
 * button, which says when it is pending. Like `ConfirmDialog`, it cannot be dismissed while pending, and submitting
 * does not close it: close it (onOpenChange(false)) when the action has succeeded.
 */
export function FormDialog(props: FormDialogProps) {
  const { open, onOpenChange, pending = false, result } = props;
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent preventClose={pending} className={props.className} onCloseAutoFocus={props.onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{props.title}</DialogTitle>
          <DialogDescription>{props.description}</DialogDescription>
        </DialogHeader>
        {result ? (
          <>
            {result}
            <DialogFooter>
              <Button onClick={() => onOpenChange(false)}>Done</Button>
            </DialogFooter>
          </>
        ) : (
          props.replaceForm || <DialogForm {...props} pending={pending} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function DialogForm(props: FormDialogProps & { pending: boolean }) {
  const { pending, cancel, error } = props;
  return (
    <form
      className="space-y-4"
      aria-label={props.formLabel}
      noValidate={props.noValidate}
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
    >
      {props.children}
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <DialogFooter>
        {cancel !== false && (
          <Button
            type="button"
            variant="outline"
            disabled={pending}
            onClick={cancel ? cancel.onClick : () => props.onOpenChange(false)}
          >
            {cancel ? cancel.label : "Cancel"}
          </Button>
        )}
        <Button type="submit" variant={props.submitVariant} disabled={pending || props.submitDisabled}>
          {pending && props.pendingLabel ? props.pendingLabel : props.submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
