import type { Database } from "@gallery/db";
import type { Kysely } from "kysely";
import type { Config } from "../config.js";
import type { IdentityProvider } from "../services/identity.js";
import type { ObjectStorage } from "../services/storage.js";

/** What domain functions receive: the outside world behind plain interfaces. */
export interface Deps {
  db: Kysely<Database>;
  storage: ObjectStorage;
  identity: IdentityProvider;
  config: Config;
}

/** A database handle (the pool, or a transaction). */
export type Db = Kysely<Database>;

/** PostgreSQL's codes (SQLSTATE, PGlite's too) for the constraints a write may break. */
const CONSTRAINT_CODES = { foreignKey: "23503", unique: "23505", check: "23514" } as const;

/** Whether a write failed on a constraint of this kind: a row it refers to gone, a unique key taken, a check. */
export const brokeConstraint = (error: unknown, kind: keyof typeof CONSTRAINT_CODES) =>
  (error as { code?: string } | undefined)?.code === CONSTRAINT_CODES[kind];
