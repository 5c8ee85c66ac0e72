import {
  type ChangeKind,
  type ChangeListener,
  type DatabaseHandle,
  listenForChanges,
  migrateToLatest,
  openDatabase,
  WriteObserverPlugin,
} from "@gallery/db";
import fp from "fastify-plugin";

/** Tells when rows may have changed: writes by this process at once, others' through NOTIFY. */
export interface DatabaseChanges {
  /** False while changes made by other processes could go unseen (the LISTEN connection is down). */
  readonly live: boolean;
  /** Called after every change with what it changed, and with `shapes` when `live` comes back (changes may have been missed). */
  onChange(listener: (kind: ChangeKind) => void): void;
  /**
   * Called with the recipients of notifications written or changed by any process (NOTIFICATIONS_CHANNEL), `*` when
   * they are many or may have been missed (the connection came back). PostgreSQL only: the embedded database has no
   * other writer, and the notifications plugin looks for its new rows itself.
   */
  onNotifications(listener: (recipients: string[] | "*") => void): void;
}

/** Opens PostgreSQL (DATABASE_URL) or the embedded PGlite and brings the schema up to date. */
export default fp(
  async (app) => {
    const opened = await openDatabase({
      databaseUrl: app.config.databaseUrl,
      dataDir: app.config.dataDir,
      // Past this wait for a free connection the request answers 503 with Retry-After (services/unavailable.ts).
      connectionWaitMs: app.config.overload.databaseWaitMs,
      preparedStatements: app.config.databasePreparedStatements,
    });
    const listeners: Array<(kind: ChangeKind) => void> = [];
    const changed = (kind: ChangeKind) => {
      for (const listener of listeners) listener(kind);
    };
    const noticeListeners: Array<(recipients: string[] | "*") => void> = [];
    const noticed = (recipients: string[] | "*") => {
      for (const listener of noticeListeners) listener(recipients);
    };
    // Every query of the api goes through this instance, so its own writes are seen before it answers.
    const database: DatabaseHandle = { ...opened, db: opened.db.withPlugin(new WriteObserverPlugin(changed)) };
    app.addHook("onClose", () => opened.close());
    // The schema's SQL, the stored read shape's triggers included (generated from the read model), is all in
    // migrations: a start installs nothing else.
    await migrateToLatest(database.db);

    // The embedded database is locked to this process: nobody else can change it.
    let listener: ChangeListener | undefined;
    if (opened.kind === "postgres") {
      listener = listenForChanges(
        opened.connectionString,
        changed,
        (live) => {
          if (live) {
            changed("shapes");
            noticed("*");
          } else app.log.warn("database change notifications lost; shared response copies are off until they are back");
        },
        undefined,
        noticed,
      );
      app.addHook("onClose", () => listener?.close());
    }
    app.decorate("database", database);
    app.decorate("databaseChanges", {
      get live() {
        return listener ? listener.live : true;
      },
      onChange: (fn: (kind: ChangeKind) => void) => listeners.push(fn),
      onNotifications: (fn: (recipients: string[] | "*") => void) => noticeListeners.push(fn),
    } satisfies DatabaseChanges);
  },
  { name: "database", dependencies: ["config"] },
);
