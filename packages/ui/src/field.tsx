import type { ComponentProps, JSX, ReactNode } from "react";
import { cn } from "./cn";
import { FieldError } from "./field-error";
import { Input } from "./input";
import { Label } from "./label";
import { NativeSelect } from "./native-select";
import { Textarea } from "./textarea";

export interface FieldProps {
  id: string;
  label: ReactNode;
  /** The validation message under the control (it then reads as invalid and points at the message). */
  error?: string | undefined;
  /** A line of help under the control while it has no error. */
  hint?: string;
  /** The wrapper's classes (its spacing). */
  className?: string;
}

/** The label above a control, and its hint or validation message below it. */
export function Field({ id, label, error, hint, className, children }: FieldProps & { children: ReactNode }) {
  return (
    <div className={cn("space-y-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error && <p className="text-xs text-muted-foreground">{hint}</p>}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** The props a labelled control passes on to the control itself. */
interface ControlProps {
  id?: string | undefined;
  "aria-invalid"?: ComponentProps<"input">["aria-invalid"];
  "aria-describedby"?: string | undefined;
}

/**
 * A control in a `Field`, taking the field's props and the control's own (spread `register(name)` into it): the
 * control gets the id, and while there is an error `aria-invalid` and the message's id to describe it.
 */
function labelled<P extends ControlProps>(Control: (props: P) => JSX.Element) {
  return function LabelledControl({
    id,
    label,
    error,
    hint,
    className,
    ...control
  }: FieldProps & Omit<P, "id" | "className">) {
    const described = error ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {};
    return (
      <Field id={id} label={label} error={error} hint={hint} className={className}>
        {/* `control` is P without the field's own props: TypeScript cannot see that through an Omit of a type parameter. */}
        <Control id={id} {...described} {...(control as unknown as P)} />
      </Field>
    );
  };
}

/** A labelled input with its hint or validation message. */
export const TextField = labelled(Input);
/** A labelled multi-line text with its hint or validation message. */
export const TextAreaField = labelled(Textarea);
/** A labelled native select with its hint or validation message. */
export const SelectField = labelled(NativeSelect);
