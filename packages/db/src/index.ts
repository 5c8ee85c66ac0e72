export { sql } from "kysely";
export {
  CHANGES_CHANNEL,
  type ChangeKind,
  type ChangeListener,
  changeOf,
  listenForChanges,
  NOTIFICATIONS_CHANNEL,
  UNSHOWN_USER_COLUMNS,
  USER_SETTINGS_COLUMNS,
  WriteObserverPlugin,
} from "./changes.js";
export {
  type DatabaseHandle,
  type DatabaseOptions,
  DatabaseUnavailableError,
  embeddedDatabaseDir,
  openDatabase,
  POOL_IDLE_TIMEOUT_MS,
  SESSION_SETTINGS,
} from "./connect.js";
export { adoptBaseline, BASELINE, createMigrator, LAST_BEFORE_BASELINE, migrateToLatest, SQUASHED } from "./migrate.js";
export type * from "./schema.js";
