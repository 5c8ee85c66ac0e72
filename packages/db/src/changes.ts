import {
  AliasNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  TableNode,
  type UnknownRow,
} from "kysely";
import pg from "pg";

/** The channel the migration's triggers notify (0002_change_notifications). */
export const CHANGES_CHANNEL = "gallery_changed";

const READ_ONLY = /^\s*(select|explain|show)\b/i;
/** Rows no page shows: sessions written at sign-in and renewal, image jobs' progress. */
const UNWATCHED_WRITES = new Set(["session", "maintenance_jobs"]);

function tableName(node: OperationNode | undefined): string | undefined {
  if (!node) return undefined;
  if (TableNode.is(node)) return node.table.identifier.name;
  if (AliasNode.is(node)) return tableName(node.node);
  return undefined;
}

/** Counters no shared copy shows (0006): their batched writes must not drop every copy each second. */
const UNWATCHED = new Set(["listing_stats_daily", "listing_stats_visitors", "listing_stats_salts"]);

/**
 * Whether a query can change what the triggers of 0002_change_notifications watch: any write, except
 * inserts and updates of UNWATCHED_WRITES (only a session's end counts, as there) and any write to the
 * counters (UNWATCHED). Raw SQL that is not a plain read counts, whatever it touches.
 */
function changesWatchedRows(node: RootOperationNode): boolean {
  switch (node.kind) {
    case "SelectQueryNode":
      return false;
    case "InsertQueryNode": {
      const table = tableName(node.into) ?? "";
      return !UNWATCHED_WRITES.has(table) && !UNWATCHED.has(table);
    }
    case "UpdateQueryNode": {
      const table = tableName(node.table) ?? "";
      return !UNWATCHED_WRITES.has(table) && !UNWATCHED.has(table);
    }
    case "DeleteQueryNode":
      return !(node.from.froms.length === 1 && UNWATCHED.has(tableName(node.from.froms[0]) ?? ""));
    case "RawNode":
      return !READ_ONLY.test(node.sqlFragments.join("?"));
    default:
      return true;
  }
}

/**
 * Calls `onWrite` after every query that can change watched rows has run through this Kysely instance. It
 * tells this process at once, before the request that wrote answers; NOTIFY only arrives a moment
 * after the commit, too late for a client that writes and then reads.
 */
export class WriteObserverPlugin implements KyselyPlugin {
  readonly #writes = new WeakSet<object>();

  constructor(private readonly onWrite: () => void) {}

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (changesWatchedRows(args.node)) this.#writes.add(args.queryId);
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.#writes.has(args.queryId)) this.onWrite();
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
 * (the caller must assume it missed changes meanwhile). Reconnects every `retryMs`.
 */
export function listenForChanges(
  connectionString: string,
  onChange: () => void,
  onState: (live: boolean) => void,
  retryMs = 1000,
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
      if (message.channel === CHANGES_CHANNEL) onChange();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGES_CHANNEL}`);
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
