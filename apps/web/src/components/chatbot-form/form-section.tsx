import { Input, Label, NativeSelect, Textarea } from "@gallery/ui";
import type { ComponentProps, ReactNode } from "react";

/** A titled group of fields inside the dialog. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-xl border p-4">
      <legend className="px-1 text-sm font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

interface FieldProps {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: string;
}

/** What a control's `aria-*` props need to point at the message below it. */
const describedBy = ({ id, error }: FieldProps) => ({
  "aria-invalid": Boolean(error),
  "aria-describedby": error ? `${id}-error` : undefined,
});

/** The label above a control, and its hint or validation message below it. */
function FieldShell({ id, label, error, hint, children }: FieldProps & { children: ReactNode }) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error && <p className="text-xs text-muted-foreground">{hint}</p>}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled input with its validation message (spread `register(name)` into it). */
export function TextField({ id, label, error, hint, ...input }: FieldProps & ComponentProps<"input">) {
  const field = { id, label, error, hint };
  return (
    <FieldShell {...field}>
      <Input id={id} {...describedBy(field)} {...input} />
    </FieldShell>
  );
}

/** A labelled multi-line text with its validation message (spread `register(name)` into it). */
export function TextAreaField({ id, label, error, hint, ...textarea }: FieldProps & ComponentProps<"textarea">) {
  const field = { id, label, error, hint };
  return (
    <FieldShell {...field}>
      <Textarea id={id} {...describedBy(field)} {...textarea} />
    </FieldShell>
  );
}

/** A labelled select with its validation message (spread `register(name)` into it). */
export function SelectField({ id, label, error, hint, ...select }: FieldProps & ComponentProps<"select">) {
  const field = { id, label, error, hint };
  return (
    <FieldShell {...field}>
      <NativeSelect id={id} {...describedBy(field)} {...select} />
    </FieldShell>
  );
}
