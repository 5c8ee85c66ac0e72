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
