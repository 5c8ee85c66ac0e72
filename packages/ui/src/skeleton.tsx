import type { ComponentProps } from "react";
import { cn } from "./cn";

export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return <div data-testid="skeleton" className={cn("animate-pulse rounded-md bg-muted", className)} {...props} />;
}
