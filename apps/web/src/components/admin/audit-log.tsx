import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  type AuditAction,
  type AuditEntry,
  auditChangeText,
} from "@gallery/schema/audit";
import { Button, NativeSelect } from "@gallery/ui";
import { useInfiniteQuery } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useTRPC } from "../../lib/trpc";
import { AdminCard, AdminListBody, AdminTable, NEXT_PAGE } from "./admin-list";
import type { AdminSearch } from "./audit-filters";

const route = getRouteApi("/admin");

/** What an action changed, a line per field in the server's words ("Focal point: 50 % → 30 %", "Hidden: No → Yes"). */
function Change({ entry }: { entry: AuditEntry }) {
  if (entry.changes.length === 0) return "-";
  return (
    <ul className="space-y-0.5">
      {entry.changes.map((change) => (
        <li key={change.field}>{auditChangeText(change)}</li>
      ))}
    </ul>
  );
}

/**
 * The audit log (super admins): every moderator action, newest first, filtered by action, moderator and target
 * through the address (/admin?auditAction=listing.hide), so a filtered view is a link. Read only.
 */
export function AuditLog() {
  const trpc = useTRPC();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const filters = { action: search.auditAction, moderatorId: search.auditModerator, targetId: search.auditTarget };
  const query = useInfiniteQuery(trpc.audit.list.infiniteQueryOptions(filters, NEXT_PAGE));
  const setFilter = (changes: Partial<typeof search>) =>
    navigate({ search: (previous: AdminSearch) => ({ ...previous, ...changes }), hash: "audit", resetScroll: false });
  const filtered = Boolean(search.auditAction || search.auditModerator || search.auditTarget);

  return (
    <AdminCard title="Audit Log" className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="space-y-1 text-sm">
          <label htmlFor="audit-action" className="block font-medium">
            Action
          </label>
          <NativeSelect
            id="audit-action"
            aria-label="Filter by action"
            value={search.auditAction ?? ""}
            onChange={(event) =>
              setFilter({ auditAction: (event.target.value || undefined) as AuditAction | undefined })
            }
          >
            <option value="">All actions</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {AUDIT_ACTION_LABELS[action]}
              </option>
            ))}
          </NativeSelect>
        </div>
        {search.auditModerator && <p className="text-sm">Moderator: {search.auditModerator}</p>}
        {search.auditTarget && <p className="text-sm">Target: {search.auditTarget}</p>}
        {filtered && (
          <Button
            variant="outline"
            size="sm"
            onClick={() => setFilter({ auditAction: undefined, auditModerator: undefined, auditTarget: undefined })}
          >
            Clear filters
          </Button>
        )}
      </div>
      <AdminListBody query={query} what="The audit log" empty="No entries" loadingHeight="h-32">
        {(entries) => (
          <AdminTable
            label="Audit Log"
            rows={entries}
            columns={[
              {
                label: "When",
                cell: (entry) => <time dateTime={entry.at}>{new Date(entry.at).toLocaleString()}</time>,
              },
              {
                label: "Moderator",
                cell: (entry) => (
                  <FilterBy id={entry.moderatorId} onFilter={(id) => setFilter({ auditModerator: id })}>
                    {entry.moderatorName}
                  </FilterBy>
                ),
              },
              { label: "Action", cell: (entry) => AUDIT_ACTION_LABELS[entry.action] },
              {
                label: "Target",
                cell: (entry) => (
                  <FilterBy id={entry.targetId} onFilter={(id) => setFilter({ auditTarget: id })}>
                    {entry.targetLabel}
                  </FilterBy>
                ),
              },
              {
                label: "Change",
                className: "max-w-96 break-words text-xs text-muted-foreground",
                cell: (entry) => <Change entry={entry} />,
              },
            ]}
          />
        )}
      </AdminListBody>
    </AdminCard>
  );
}

/** A moderator's or target's name that filters the log by them when there is one to filter by. */
function FilterBy({
  id,
  onFilter,
  children,
}: {
  id: string | null;
  onFilter: (id: string) => void;
  children: ReactNode;
}) {
  if (!id) return children;
  return (
    <button type="button" className="cursor-pointer underline-offset-2 hover:underline" onClick={() => onFilter(id)}>
      {children}
    </button>
  );
}
