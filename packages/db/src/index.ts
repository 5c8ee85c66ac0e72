export { type DatabaseHandle, type DatabaseOptions, DatabaseUnavailableError, openDatabase } from "./connect";
export { createMigrator, migrateToLatest } from "./migrate";
export type * from "./schema";
export { sql } from "kysely";
