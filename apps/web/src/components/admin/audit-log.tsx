import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, type AuditAction, type AuditEntry } from "@gallery/schema/audit";
import {
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  NativeSelect,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@gallery/ui";
import { useInfiniteQuery } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import { useTRPC } from "../../lib/trpc";
import { QueryContent } from "../common/load-failed";
import type { AdminSearch } from "./audit-filters";
import { LoadMoreRows } from "./load-more-rows";

const route = getRouteApi("/admin");

/** A short before → after of what an action changed. */
function change(entry: AuditEntry): string {
  const show = (values: Record<string, unknown> | null) =>
    values
      ? Object.entries(values)
          .map(([key, value]) => `${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`)
          .join(", ")
      : "";
  const before = show(entry.before);
  const after = show(entry.after);
  return before && after ? `${before} → ${after}` : before || after || "-";
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
  const query = useInfiniteQuery(
    trpc.audit.list.infiniteQueryOptions(filters, { getNextPageParam: (page) => page.nextCursor ?? undefined }),
  );
  const entries = query.data?.pages.flatMap((page) => page.items) ?? [];
  const setFilter = (changes: Partial<typeof search>) =>
    navigate({ search: (previous: AdminSearch) => ({ ...previous, ...changes }), hash: "audit", resetScroll: false });
  const filtered = Boolean(search.auditAction || search.auditModerator || search.auditTarget);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Audit Log</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
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
        <QueryContent query={query} what="The audit log">
          {query.isLoading ? (
            <Skeleton className="h-32 w-full" />
          ) : entries.length === 0 ? (
            <p className="py-8 text-center text-muted-foreground">No entries</p>
          ) : (
            <Table aria-label="Audit Log" stackOnPhone>
              <TableHeader>
                <TableRow>
                  <TableHead>When</TableHead>
                  <TableHead>Moderator</TableHead>
                  <TableHead>Action</TableHead>
                  <TableHead>Target</TableHead>
                  <TableHead>Change</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {entries.map((entry) => (
                  <TableRow key={entry.id}>
                    <TableCell label="When">
                      <time dateTime={entry.at}>{new Date(entry.at).toLocaleString()}</time>
                    </TableCell>
                    <TableCell label="Moderator">
                      {entry.moderatorId ? (
                        <button
                          type="button"
                          className="cursor-pointer underline-offset-2 hover:underline"
                          onClick={() => setFilter({ auditModerator: entry.moderatorId ?? undefined })}
                        >
                          {entry.moderatorName}
                        </button>
                      ) : (
                        entry.moderatorName
                      )}
                    </TableCell>
                    <TableCell label="Action">{AUDIT_ACTION_LABELS[entry.action]}</TableCell>
                    <TableCell label="Target">
                      {entry.targetId ? (
                        <button
                          type="button"
                          className="cursor-pointer underline-offset-2 hover:underline"
                          onClick={() => setFilter({ auditTarget: entry.targetId ?? undefined })}
                        >
                          {entry.targetLabel}
                        </button>
                      ) : (
                        entry.targetLabel
                      )}
                    </TableCell>
                    <TableCell label="Change" className="max-w-96 break-words text-xs text-muted-foreground">
                      {change(entry)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          <LoadMoreRows query={query} />
        </QueryContent>
      </CardContent>
    </Card>
  );
}
