import { Sparkles } from "lucide-react";
import type { ReactNode } from "react";

/** Placeholder body for pages that are still being built. */
export function ComingSoon({ title, children }: { title?: string; children?: ReactNode }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-3 py-16 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        <Sparkles className="size-6" aria-hidden="true" />
      </span>
      {title && <h1 className="text-3xl font-bold tracking-tight">{title}</h1>}
      <p className="text-muted-foreground">{children ?? "This page is coming soon."}</p>
    </section>
  );
}
