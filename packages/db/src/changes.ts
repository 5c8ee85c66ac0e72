import {
  AliasNode,
  ColumnNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  TableNode,
  type UnknownRow,
  type UpdateQueryNode,
} from "kysely";
import pg from "pg";

/** The channel the migrations' triggers notify (the payload is a ChangeKind). */
export const CHANGES_CHANNEL = "gallery_changed";

/** The channel notifications' triggers notify: the recipients' ids, comma-separated, or `*` for many. */
export const NOTIFICATIONS_CHANNEL = "gallery_notifications";

const READ_ONLY = /^\s*(select|explain|show)\b/i;
/** Rows no page shows: sessions written at sign-in and renewal, image jobs' progress. */
const UNWATCHED_WRITES = new Set(["session", "maintenance_jobs"]);

function tableName(node: OperationNode | undefined): string | undefined {
  if (!node) return undefined;
  if (TableNode.is(node)) return node.table.identifier.name;
  if (AliasNode.is(node)) return tableName(node.node);
  return undefined;
}

/** Counters no shared copy shows: their batched writes must not drop every copy each second. */
const UNWATCHED = new Set([
  "listing_stats_daily",
  "listing_stats_visitors",
  "listing_stats_salts",
  // The moderators' own tables: a report changes no public read until a moderator acts.
  "audit_log",
  "reports",
  "report_targets",
  "moderation_decisions",
  "verification_requests",
  // A member's notifications and their choice of kinds: personal, never in a shared copy; their own
  // channel (NOTIFICATIONS_CHANNEL) tells the streams.
  "notifications",
  "notification_opt_outs",
]);

/**
 * A collection's items: its page and every list of collections are never shared copies, so no shared
 * copy shows them (the sitemap's "shows a listing" condition may lag a copy's life, a few seconds); but a member's own
 * list of collections (`collections.mine`, kept for their session cookie alone) says what each holds, so a change of
 * items drops the copies kept per session (`viewers`), never the shared ones.
 */
const PERSONAL_WRITES = new Set(["collection_items"]);

/**
 * collections columns no shared copy shows: an item's add, move or removal touches only `updated_at`, which must not
 * drop every copy (the sitemap shows public collections: their creation, title, visibility and deletion drop them).
 */
const UNSHOWN_COLLECTION_COLUMNS = new Set(["updated_at"]);

/**
 * What a change may have changed, for the shared copies of public reads (the payload the
 * triggers NOTIFY): `shapes`, what a public read shows; `viewers`, only who a session is (a session
 * ended, a member's own safety settings), which leaves the shared copies as they are; `helpful`, only reviews'
 * helpful marks (a mark given or taken back: review_helpful_votes and the helpful_count its trigger keeps),
 * which drops only the copies of reads that show them (declared
 * `helpfulMarks: true`) and each session's own.
 */
export type ChangeKind = "shapes" | "viewers" | "helpful";

/** A helpful mark's table: its writes change only what the reads showing helpful marks show. */
const HELPFUL_MARKS = "review_helpful_votes";

/**
 * users columns that make a member's answers personal and that no public read shows: their change is
 * `viewers`. The ONE list: the users change triggers are generated from it too (the api's
 * domain/users/change-triggers.ts, `pnpm gen`).
 */
export const USER_SETTINGS_COLUMNS = ["blocked_tags", "nsfw_display", "birth_date"] as const;
/** users columns no one is shown and no viewer reads: their change alone is nothing. */
export const UNSHOWN_USER_COLUMNS = ["updated_at"] as const;
const SETTINGS_COLUMNS = new Set<string>(USER_SETTINGS_COLUMNS);
const PRIVATE_USER_COLUMNS = new Set<string>([...USER_SETTINGS_COLUMNS, ...UNSHOWN_USER_COLUMNS]);

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The users columns an update sets, or undefined when one of them is not a plain column. */
function columnsSet(node: UpdateQueryNode): string[] | undefined {
  const columns = (node.updates ?? []).map((update) =>
    ColumnNode.is(update.column) ? snakeCase(update.column.column.name) : undefined,
  );
  return columns.every((column) => column !== undefined) ? (columns as string[]) : undefined;
}

/**
 * What a query can change of what the change triggers watch: nothing for reads, inserts and
 * updates of UNWATCHED_WRITES and any write to the counters (UNWATCHED); `viewers` for a session's end, an
 * update of users' private columns only (settings; `updated_at` alone is nothing) and a collection's items
 * (PERSONAL_WRITES, and the `updated_at` they touch); `helpful` for a helpful mark's
 * insert or delete; `shapes` for the rest.
 * Raw SQL that is not a plain read counts as `shapes`, whatever it touches. The triggers compare values; this
 * sees only the columns written, so a write here may say more than its trigger does, never less.
 */
export function changeOf(node: RootOperationNode): ChangeKind | undefined {
  switch (node.kind) {
    case "SelectQueryNode":
      return undefined;
    case "InsertQueryNode": {
      const table = tableName(node.into) ?? "";
      if (table === HELPFUL_MARKS) return "helpful";
      if (PERSONAL_WRITES.has(table)) return "viewers";
      return UNWATCHED_WRITES.has(table) || UNWATCHED.has(table) ? undefined : "shapes";
    }
    case "UpdateQueryNode": {
      const table = tableName(node.table) ?? "";
      if (UNWATCHED_WRITES.has(table) || UNWATCHED.has(table)) return undefined;
      if (PERSONAL_WRITES.has(table)) return "viewers";
      if (table === "collections" && columnsSet(node)?.every((column) => UNSHOWN_COLLECTION_COLUMNS.has(column)))
        return "viewers";
      const columns = table === "users" ? columnsSet(node) : undefined;
      if (columns?.every((column) => PRIVATE_USER_COLUMNS.has(column)))
        return columns.some((column) => SETTINGS_COLUMNS.has(column)) ? "viewers" : undefined;
      return "shapes";
    }
    case "DeleteQueryNode": {
      const only = node.from.froms.length === 1 ? tableName(node.from.froms[0]) : undefined;
      if (only && UNWATCHED.has(only)) return undefined;
      if (only === HELPFUL_MARKS) return "helpful";
      if (only && PERSONAL_WRITES.has(only)) return "viewers";
      return only === "session" ? "viewers" : "shapes";
    }
    case "RawNode":
      return READ_ONLY.test(node.sqlFragments.join("?")) ? undefined : "shapes";
    default:
      return "shapes";
  }
}

/**
 * Calls `onWrite` with what changed after every query that can change watched rows has run through this
 * Kysely instance. It tells this process at once, before the request that wrote answers; NOTIFY only
 * arrives a moment after the commit, too late for a client that writes and then reads.
 */
export class WriteObserverPlugin implements KyselyPlugin {
  readonly #writes = new WeakMap<object, ChangeKind>();

  constructor(private readonly onWrite: (kind: ChangeKind) => void) {}

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const kind = changeOf(args.node);
    if (kind) this.#writes.set(args.queryId, kind);
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const kind = this.#writes.get(args.queryId);
    if (kind) this.onWrite(kind);
    return args.result;
  }
}

export interface ChangeListener {
  /** Whether notifications are arriving (false while the connection is down or being re-made). */
  readonly live: boolean;
  close(): Promise<void>;
}

/**
 * LISTENs on its own connection for changes made by any process. While the connection is down
 * nothing can be known, so `onState(false)` is reported; after it comes back, `onState(true)`
 * (the caller must assume it missed changes meanwhile). Reconnects every `retryMs`. With `onNotifications`, the
 * same connection LISTENs to NOTIFICATIONS_CHANNEL too and reports the recipients of new or changed notifications.
 */
export function listenForChanges(
  connectionString: string,
  onChange: (kind: ChangeKind) => void,
  onState: (live: boolean) => void,
  retryMs = 1000,
  onNotifications?: (recipients: string[] | "*") => void,
): ChangeListener {
  let client: pg.Client | undefined;
  let live = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const setLive = (value: boolean) => {
    if (live === value) return;
    live = value;
    onState(value);
  };

  const connect = async () => {
    const next = new pg.Client({ connectionString });
    client = next;
    const lost = () => {
      if (client !== next) return;
      client = undefined;
      setLive(false);
      next.end().catch(() => {});
      if (!closed) retry = setTimeout(connect, retryMs);
    };
    next.on("error", lost);
    next.on("end", lost);
    next.on("notification", (message) => {
      // Anything but "viewers" or "helpful" (an older instance's table name during a rolling update) counts as shapes.
      if (message.channel === CHANGES_CHANNEL)
        onChange(message.payload === "viewers" || message.payload === "helpful" ? message.payload : "shapes");
      else if (message.channel === NOTIFICATIONS_CHANNEL && onNotifications)
        onNotifications(!message.payload || message.payload === "*" ? "*" : message.payload.split(","));
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGES_CHANNEL}`);
      if (onNotifications) await next.query(`LISTEN ${NOTIFICATIONS_CHANNEL}`);
      if (client === next && !closed) setLive(true);
    } catch {
      lost();
    }
  };
  void connect();

  return {
    get live() {
      return live;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const current = client;
      client = undefined;
      live = false;
      await current?.end().catch(() => {});
    },
  };
}
