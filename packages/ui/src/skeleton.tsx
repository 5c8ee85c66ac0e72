import type { ComponentProps } from "react";
import { cn } from "./cn";

/** A pulsing placeholder while content loads (hidden from assistive technology). */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      data-testid="skeleton"
      aria-hidden="true"
      className={cn("animate-pulse rounded-md bg-muted", className)}
      {...props}
    />
  );
}
