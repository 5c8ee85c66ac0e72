import { Input, Label, Textarea } from "@gallery/ui";
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

interface TextFieldProps extends ComponentProps<"input"> {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: string;
}

/** A labelled input with its validation message (spread `register(name)` into it). */
export function TextField({ id, label, error, hint, ...input }: TextFieldProps) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={Boolean(error)} aria-describedby={error ? `${id}-error` : undefined} {...input} />
      {hint && !error && <p className="text-xs text-muted-foreground">{hint}</p>}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

interface TextAreaFieldProps extends ComponentProps<"textarea"> {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: string;
}

/** A labelled multi-line text with its validation message (spread `register(name)` into it). */
export function TextAreaField({ id, label, error, hint, ...textarea }: TextAreaFieldProps) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        {...textarea}
      />
      {hint && !error && <p className="text-xs text-muted-foreground">{hint}</p>}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
