import { Card, Skeleton } from "@gallery/ui";
import type { LucideIcon } from "lucide-react";

interface Props {
  label: string;
  value: number | undefined;
  icon: LucideIcon;
}

/** A labelled number (series info cards, dashboard stats); a skeleton until the value is known. */
export function StatCard({ label, value, icon: Icon }: Props) {
  return (
    <Card className="flex items-center gap-4 p-5">
      <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary">
        <Icon className="size-5" aria-hidden />
      </span>
      <div>
        <p className="text-sm text-muted-foreground">{label}</p>
        {value === undefined ? (
          <Skeleton className="mt-1 h-7 w-10" />
        ) : (
          <p className="text-2xl font-bold" data-testid={`stat-${label}`}>
            {value}
          </p>
        )}
      </div>
    </Card>
  );
}
