import { type Kysely, sql } from "kysely";

/**
 * Personal API tokens (issue 24): a member's tokens for scripts, sent as `Authorization: Bearer`. Only the
 * SHA-256 of the secret is kept (the secret is 32 random bytes, so a fast hash is enough); the id is the
 * token's public part (`cgt_<id>_<secret>`). A revoked token's row is deleted; a deleted member's go with them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE api_tokens (
      id text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      name text NOT NULL,
      secret_hash bytea NOT NULL,
      scope text NOT NULL CONSTRAINT api_tokens_scope_check CHECK (scope IN ('read', 'write', 'admin')),
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz,
      last_used_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX api_tokens_user_idx ON api_tokens (user_id, created_at DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE api_tokens`.execute(db);
}
