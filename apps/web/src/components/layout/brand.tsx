import { cn } from "@gallery/ui";
import { Link } from "@tanstack/react-router";
import { Bot } from "lucide-react";

/** The logo tile. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-linear-to-br from-primary to-fuchsia-500 text-primary-foreground shadow-sm",
        className,
      )}
    >
      <Bot className="size-5" />
    </span>
  );
}

/** Brand title linking to / (spec section 2). */
export function Brand() {
  return (
    <Link
      to="/"
      className="flex min-w-0 items-center gap-2 rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <BrandMark className="max-[420px]:hidden" />
      <span className="truncate text-base font-bold tracking-tight sm:text-lg">Chatbot Gallery</span>
    </Link>
  );
}
