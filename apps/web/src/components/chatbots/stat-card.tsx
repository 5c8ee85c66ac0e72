import { Card, Skeleton } from "@gallery/ui";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

interface Props {
  label: string;
  /** undefined: still loading (a skeleton); null: its read failed (a dash, said as "not loaded"). */
  value: number | null | undefined;
  icon: LucideIcon;
}

/**
 * A labelled number (series and profile info cards, dashboard stats); a skeleton until the value is known, a
 * dash when its read failed (the failure itself is said beside the list it comes from).
 * A small tile on a phone (three fit in a row: `StatCards`), a card with the icon beside it from `sm` up.
 */
export function StatCard({ label, value, icon: Icon }: Props) {
  return (
    // Phone: the icon and the number side by side, the label under both. From sm: icon, then label over number.
    <Card className="grid min-w-0 grid-cols-[auto_1fr] items-center gap-x-2 gap-y-1 p-3 sm:flex sm:gap-4 sm:p-5">
      <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary sm:size-11 sm:rounded-xl">
        <Icon className="size-4 sm:size-5" aria-hidden />
      </span>
      <div className="contents sm:block sm:min-w-0">
        <p className="col-span-2 row-start-2 text-xs leading-tight text-muted-foreground sm:text-sm">{label}</p>
        {value === undefined ? (
          <Skeleton className="col-start-2 row-start-1 h-7 w-10 sm:mt-1" />
        ) : value === null ? (
          <p className="col-start-2 row-start-1 text-xl font-bold text-muted-foreground sm:text-2xl">
            <span aria-hidden>—</span>
            <span className="sr-only">not loaded</span>
          </p>
        ) : (
          <p className="col-start-2 row-start-1 text-xl font-bold sm:text-2xl" data-testid={`stat-${label}`}>
            {value}
          </p>
        )}
      </div>
    </Card>
  );
}

const COLUMNS = { 2: "grid-cols-2", 3: "grid-cols-3", 4: "grid-cols-2 sm:grid-cols-4" } as const;

/**
 * A row of stat cards: as many columns as cards, on a phone too (small tiles, not a screenful of cards);
 * four go two by two on a phone.
 */
export function StatCards({ children, columns }: { children: ReactNode; columns: keyof typeof COLUMNS }) {
  return <div className={`grid gap-2 sm:gap-4 ${COLUMNS[columns]}`}>{children}</div>;
}
