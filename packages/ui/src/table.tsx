import type { ComponentProps } from "react";
import { cn } from "./cn";

export const Table = ({ className, ...props }: ComponentProps<"table">) => (
  <div className="w-full overflow-x-auto">
    <table className={cn("w-full caption-bottom text-sm", className)} {...props} />
  </div>
);
export const TableHeader = (props: ComponentProps<"thead">) => <thead className="border-b" {...props} />;
export const TableBody = (props: ComponentProps<"tbody">) => <tbody {...props} />;
export const TableRow = ({ className, ...props }: ComponentProps<"tr">) => (
  <tr className={cn("border-b transition-colors hover:bg-muted/50", className)} {...props} />
);
export const TableHead = ({ className, ...props }: ComponentProps<"th">) => (
  <th className={cn("h-10 px-3 text-left align-middle font-medium text-muted-foreground", className)} {...props} />
);
export const TableCell = ({ className, ...props }: ComponentProps<"td">) => (
  <td className={cn("p-3 align-middle", className)} {...props} />
);
