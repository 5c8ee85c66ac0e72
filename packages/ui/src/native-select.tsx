import type { ComponentProps } from "react";
import { cn } from "./cn";
import { fieldClassName } from "./input";

/** A styled native <select>: accessible, works on every device, no portal. */
export function NativeSelect({ className, ...props }: ComponentProps<"select">) {
  return (
    <select
      data-slot="native-select"
      className={cn(fieldClassName, "h-10 cursor-pointer pr-8", className)}
      {...props}
    />
  );
}
