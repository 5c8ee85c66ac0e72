export { sql } from "kysely";
export { CHANGES_CHANNEL, type ChangeListener, listenForChanges, WriteObserverPlugin } from "./changes.js";
export { type DatabaseHandle, type DatabaseOptions, DatabaseUnavailableError, openDatabase } from "./connect.js";
export { createMigrator, migrateToLatest } from "./migrate.js";
export type * from "./schema.js";
