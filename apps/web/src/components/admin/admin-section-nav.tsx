import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc";

export interface AdminSection {
  id: string;
  label: string;
}

/** In-page links to the panel's sections; Queue and Pending show how many wait (from the stats the cards show). */
export function AdminSectionNav({ sections }: { sections: AdminSection[] }) {
  const trpc = useTRPC();
  const { data: stats } = useQuery(trpc.admin.stats.queryOptions());
  return (
    <nav aria-label="Admin sections" className="flex flex-wrap gap-2">
      {sections.map(({ id, label }) => (
        <a
          key={id}
          href={`#${id}`}
          className="inline-flex h-9 items-center gap-2 rounded-full border border-border bg-card px-4 text-sm font-medium hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
        >
          {label}
          {id === "pending" && stats && stats.pendingUsers > 0 && (
            <span className="rounded-full bg-primary px-2 text-xs text-primary-foreground">{stats.pendingUsers}</span>
          )}
          {id === "queue" && stats && stats.openReports > 0 && (
            <span className="rounded-full bg-primary px-2 text-xs text-primary-foreground">{stats.openReports}</span>
          )}
        </a>
      ))}
    </nav>
  );
}
