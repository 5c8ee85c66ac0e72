import type { User } from "@gallery/schema";
import { creatorInitials } from "@gallery/schema/display";
import {
  Avatar,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  ConfirmDialog,
  cn,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@gallery/ui";
import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { type LucideIcon, Trash2 } from "lucide-react";
import { type ComponentProps, type ReactNode, useState } from "react";
import { QueryContent } from "../common/load-failed";
import { formatDate, QUIET_DESTRUCTIVE, userName } from "./display";
import { LoadMoreRows } from "./load-more-rows";

/** One action in a row of an admin list: a small button (outlined unless told otherwise) with its icon. */
function RowAction({ icon: Icon, children, ...button }: ComponentProps<typeof Button> & { icon: LucideIcon }) {
  return (
    <Button size="sm" variant="outline" {...button}>
      <Icon className="h-3.5 w-3.5" aria-hidden />
      {children}
    </Button>
  );
}

/**
 * An action a row offers, as data: its button (outlined unless told otherwise; `destructive`, quietly red) where
 * `shown` says, which is the server's `row.actions` where it decides.
 */
export interface RowActionSpec<T> {
  label: string;
  icon: LucideIcon;
  onClick: (row: T) => void;
  shown?: (row: T) => boolean;
  disabled?: boolean;
  variant?: "default" | "outline";
  destructive?: boolean;
  /** The button's accessible name where its label alone does not say whose row it acts on. */
  ariaLabel?: (row: T) => string;
}

/** An admin table's Actions column: each row's actions side by side (`wrap`: onto more lines in a narrow cell). */
export function actionsColumn<T>(actions: RowActionSpec<T>[], options: { wrap?: boolean } = {}): AdminColumn<T> {
  return {
    label: "Actions",
    cell: (row) => (
      <div className={cn("flex gap-1", options.wrap && "flex-wrap")}>
        {actions
          .filter((action) => action.shown?.(row) ?? true)
          .map(({ label, icon, onClick, variant = "outline", destructive, ariaLabel, disabled }) => (
            <RowAction
              key={label}
              icon={icon}
              variant={variant}
              className={destructive ? QUIET_DESTRUCTIVE : undefined}
              onClick={() => onClick(row)}
              disabled={disabled}
              aria-label={ariaLabel?.(row)}
            >
              {label}
            </RowAction>
          ))}
      </div>
    ),
  };
}

/** One page of an admin list, as every admin read answers it. */
interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** An admin list's read: pages of rows, the next asked for on request. */
export type AdminListQuery<T> = UseInfiniteQueryResult<InfiniteData<Page<T>, unknown>, unknown>;

/** The paging every admin list's `infiniteQueryOptions` takes: the next page starts after the last one's cursor. */
export const NEXT_PAGE = { getNextPageParam: (page: { nextCursor: string | null }) => page.nextCursor ?? undefined };

interface AdminListBodyProps<T> {
  query: AdminListQuery<T>;
  /** What QueryContent names when the read fails: 'The approved users'. */
  what: string;
  empty: string;
  /** The skeleton's height class while the first page loads. */
  loadingHeight?: string;
  /** The empty text's spacing: the card's lists are roomier than a sub-list. */
  emptyClassName?: string;
}

/**
 * The body of an admin list: its read's failure in words (with Retry), a skeleton while it loads, the words for
 * an empty list, the rows as the caller draws them, and the next page on request (`LoadMoreRows`).
 */
export function AdminListBody<T>(props: AdminListBodyProps<T> & { children: (rows: T[]) => ReactNode }) {
  const {
    query,
    what,
    empty,
    loadingHeight = "h-24",
    emptyClassName = "py-8 text-center text-muted-foreground",
  } = props;
  const rows = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <QueryContent query={query} what={what}>
      {query.isLoading ? (
        <Skeleton className={cn(loadingHeight, "w-full")} />
      ) : rows.length === 0 ? (
        <p className={emptyClassName}>{empty}</p>
      ) : (
        props.children(rows)
      )}
      <LoadMoreRows query={query} />
    </QueryContent>
  );
}

/**
 * A paged admin read drawn as a list rather than a table (the queue, verification): `label` names the list, `item`
 * draws each row's entry (an `li`, with its key); `className` its spacing, rules between the rows unless told.
 */
export function AdminItemList<T>(
  props: AdminListBodyProps<T> & { label: string; className?: string; item: (row: T) => ReactNode },
) {
  const { label, className = "divide-y", item, ...body } = props;
  return (
    <AdminListBody {...body}>
      {(rows) => (
        <ul className={className} aria-label={label}>
          {rows.map((row) => item(row))}
        </ul>
      )}
    </AdminListBody>
  );
}

/** An admin panel section: a card with its title and what it holds. */
export function AdminCard({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className={className}>{children}</CardContent>
    </Card>
  );
}

/** A column of an admin table: its heading (also each cell's label when rows stack on a phone) and its cell. */
export interface AdminColumn<T> {
  label: string;
  cell: (row: T) => ReactNode;
  className?: string;
  /** The heading is for assistive tech only (a row's buttons), and a stacked row shows no label beside the cell. */
  hideLabel?: boolean;
}

/** An admin table (and the dashboard's API tokens): one row per item, stacked into cards on a phone. */
export function AdminTable<T extends { id: string | number }>(props: {
  label: string;
  columns: AdminColumn<T>[];
  rows: T[];
}) {
  const { label, columns, rows } = props;
  return (
    <Table aria-label={label} stackOnPhone>
      <TableHeader>
        <TableRow>
          {columns.map((column) => (
            <TableHead key={column.label}>
              {column.hideLabel ? <span className="sr-only">{column.label}</span> : column.label}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            {columns.map((column) => (
              <TableCell
                key={column.label}
                label={column.hideLabel ? undefined : column.label}
                className={column.className}
              >
                {column.cell(row)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** An admin section that is one table of a paged read: the card, the read's states and the table. */
export function AdminList<T extends { id: string | number }>(props: {
  title: string;
  query: AdminListQuery<T>;
  what: string;
  empty: string;
  columns: AdminColumn<T>[];
  loadingHeight?: string;
}) {
  const { title, query, what, empty, columns, loadingHeight } = props;
  return (
    <AdminCard title={title}>
      <AdminListBody query={query} what={what} empty={empty} loadingHeight={loadingHeight}>
        {(rows) => <AdminTable label={title} columns={columns} rows={rows} />}
      </AdminListBody>
    </AdminCard>
  );
}

/** The user cell of the users' tables: their picture and name. */
export function UserCell({ user }: { user: User }) {
  return (
    <div className="flex items-center gap-2">
      <Avatar src={user.avatarUrl ?? user.profileImageUrl} fallback={creatorInitials(user)} />
      <span className="font-medium">{userName(user)}</span>
    </div>
  );
}

/** The users' tables' first columns: who (their picture and name), and their e-mail. */
export const USER_COLUMNS: AdminColumn<User>[] = [
  { label: "User", cell: (user) => <UserCell user={user} /> },
  { label: "Email", cell: (user) => user.email },
];

/** When the user signed up, under the table's own heading ('Joined', 'Registered'). */
export const signedUpColumn = (label: string): AdminColumn<User> => ({
  label,
  cell: (user) => formatDate(user.createdAt),
});

/**
 * A row's Delete, confirmed first: `action` is its button for `actionsColumn`, `dialog` the confirmation to draw beside
 * the list ('Delete', 'Deleting...' while it runs). The dialog deletes the row by its id and closes once the delete
 * settles, whether it worked or not (the mutation's toast says which); it keeps its words while it fades out.
 */
export function useRowDelete<T extends { id: string }>(props: {
  title: string;
  description: (row: T) => string;
  mutation: { isPending: boolean; mutate: (input: { id: string }, options: { onSettled: () => void }) => void };
  ariaLabel?: (row: T) => string;
  shown?: (row: T) => boolean;
}) {
  const { title, description, mutation, ariaLabel, shown } = props;
  const [asked, setAsked] = useState<{ row: T; open: boolean } | null>(null);
  const close = () => setAsked((current) => current && { ...current, open: false });
  const action: RowActionSpec<T> = {
    label: "Delete",
    icon: Trash2,
    destructive: true,
    onClick: (row) => setAsked({ row, open: true }),
    ariaLabel,
    shown,
  };
  const dialog = (
    <ConfirmDialog
      open={asked?.open ?? false}
      onOpenChange={(open) => !open && close()}
      title={title}
      description={asked ? description(asked.row) : ""}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      pending={mutation.isPending}
      onConfirm={() => asked && mutation.mutate({ id: asked.row.id }, { onSettled: close })}
    />
  );
  return { action, dialog };
}
