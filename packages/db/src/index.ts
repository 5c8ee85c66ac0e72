export { sql } from "kysely";
export { CHANGES_CHANNEL, type ChangeListener, listenForChanges, WriteObserverPlugin } from "./changes";
export { type DatabaseHandle, type DatabaseOptions, DatabaseUnavailableError, openDatabase } from "./connect";
export { createMigrator, migrateToLatest } from "./migrate";
export type * from "./schema";
