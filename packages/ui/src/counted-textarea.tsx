import type { ComponentProps, ReactNode } from "react";
import { cn } from "./cn";
import { Field } from "./field";
import { Textarea } from "./textarea";

export interface CountedTextareaProps
  extends Omit<ComponentProps<typeof Textarea>, "id" | "value" | "onChange" | "maxLength" | "className"> {
  id: string;
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  maxLength: number;
  /** The counts with thousands separators ('25/2,000'); plain otherwise ('25/1000'). */
  grouped?: boolean;
  /** The counter under the field's right edge (by default) or its left. */
  countAlign?: "start" | "end";
  /** The wrapper's classes (its spacing). */
  className?: string;
}

const plain = (count: number) => String(count);
const withSeparators = (count: number) => count.toLocaleString("en-US");

/** A labelled multi-line text that counts its characters against its limit ('25/1000' under it, its description). */
export function CountedTextarea(props: CountedTextareaProps) {
  const { id, label, value, onValueChange, maxLength, grouped, countAlign, className, ...textarea } = props;
  const count = grouped ? withSeparators : plain;
  return (
    <Field id={id} label={label} className={cn("space-y-1", className)}>
      <Textarea
        id={id}
        maxLength={maxLength}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-describedby={`${id}-count`}
        {...textarea}
      />
      <p id={`${id}-count`} className={cn("text-xs text-muted-foreground", countAlign !== "start" && "text-right")}>
        {count(value.length)}/{count(maxLength)}
      </p>
    </Field>
  );
}
