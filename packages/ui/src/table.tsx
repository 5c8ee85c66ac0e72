import type { ComponentProps } from "react";
import { cn } from "./cn";

/**
 * `stackOnPhone`: below the `sm` width each row reads as a card of "label: value" lines (styles.css), so a
 * phone never scrolls sideways; one markup for every width, so assistive tech reads one table.
 */
export function Table({ className, stackOnPhone, ...props }: ComponentProps<"table"> & { stackOnPhone?: boolean }) {
  return (
    <div data-slot="table-container" className="relative w-full overflow-x-auto">
      <table
        data-stack-on-phone={stackOnPhone || undefined}
        className={cn("w-full caption-bottom text-sm", className)}
        {...props}
      />
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<"thead">) {
  return <thead className={cn("bg-muted/50 [&_tr]:border-b", className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<"tbody">) {
  return <tbody className={cn("[&_tr:last-child]:border-0", className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<"tr">) {
  return <tr className={cn("border-b border-border transition-colors hover:bg-muted/40", className)} {...props} />;
}

export function TableHead({ className, ...props }: ComponentProps<"th">) {
  return (
    <th
      className={cn(
        "h-10 whitespace-nowrap px-3 text-left align-middle text-xs font-semibold uppercase tracking-wide text-muted-foreground",
        className,
      )}
      {...props}
    />
  );
}

/** `label`: the column's name, shown before the value when the row stacks into a card on a phone. */
export function TableCell({ className, label, ...props }: ComponentProps<"td"> & { label?: string }) {
  return <td data-label={label} className={cn("p-3 align-middle", className)} {...props} />;
}

export function TableCaption({ className, ...props }: ComponentProps<"caption">) {
  return <caption className={cn("mt-4 text-sm text-muted-foreground", className)} {...props} />;
}
