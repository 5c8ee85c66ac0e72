export { sql } from "kysely";
export { type DatabaseHandle, type DatabaseOptions, DatabaseUnavailableError, openDatabase } from "./connect";
export { createMigrator, migrateToLatest } from "./migrate";
export type * from "./schema";
