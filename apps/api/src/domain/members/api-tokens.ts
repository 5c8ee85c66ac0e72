import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import type { ApiTokenScope as StoredScope, UserRow } from "@gallery/db";
import { API_TOKEN_MESSAGES, type ApiToken, type ApiTokenScope, type CreateApiTokenInput } from "@gallery/schema";
import type { Db, Deps } from "../deps.js";
import { ConflictError, ForbiddenError, InvalidApiTokenError } from "../errors.js";
import { isModerator, isSuspended, type Member, requireMember, tokenViewer, type Viewer } from "../policy.js";
import { deleteOwned } from "./owned.js";

/**
 * Personal API tokens: a member's own tokens for scripts, `cgt_<id>_<secret>` sent as `Authorization: Bearer`.
 * Only the secret's SHA-256 is stored (32 random bytes need no slow hash), compared in constant time. A token is
 * checked against the database on every request (no cache), so a revocation, a suspension or a deleted account
 * stops it at the next request.
 */
const PREFIX = "cgt_";
const ID_LENGTH = 12;
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const TOKEN_PATTERN = /^cgt_([0-9A-Za-z]{12})_([A-Za-z0-9_-]{43})$/;
/** last_used_at is written at most this often per token, so a busy script does not write on every request. */
const LAST_USED_EVERY_MS = 60_000;
const DAY_MS = 86_400_000;

/** What a call needs: a scope, or a browser session (managing tokens). */
export type RequiredScope = ApiTokenScope | "session";
const RANK: Record<ApiTokenScope, number> = { read: 1, write: 2, admin: 3 };

/** A verified token: its id and scope, and the member it acts as (tokenViewer). */
export interface ApiTokenGrant {
  id: string;
  scope: ApiTokenScope;
  viewer: Member;
}

const hashOf = (secret: string) => createHash("sha256").update(secret).digest();

function newId(): string {
  let id = "";
  for (let i = 0; i < ID_LENGTH; i++) id += BASE62[randomInt(BASE62.length)];
  return id;
}

type TokenRow = {
  id: string;
  name: string;
  scope: StoredScope;
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
};
const COLUMNS = ["id", "name", "scope", "createdAt", "expiresAt", "lastUsedAt"] as const;

function itemOf(row: TokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    prefix: `${PREFIX}${row.id}`,
    scope: row.scope,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** The member's tokens, newest first. */
export async function listApiTokens(deps: Deps, viewer: Viewer): Promise<{ items: ApiToken[] }> {
  const member = requireMember(viewer);
  const rows = await deps.db
    .selectFrom("apiTokens")
    .select(COLUMNS)
    .where("userId", "=", member.id)
    .orderBy("createdAt", "desc")
    .execute();
  return { items: rows.map(itemOf) };
}

/**
 * A new token; its whole string is answered once, as `secret`, and never stored. A member holds at most
 * MAX_API_TOKENS_PER_MEMBER live (unexpired) tokens: the next is refused (409) until one is revoked or expires, so
 * tokens cannot multiply anything (their calls share the member's limits anyway: calls/limits.ts).
 */
export async function createApiToken(
  deps: Deps,
  viewer: Viewer,
  input: { name: string; scope: ApiTokenScope; expiresInDays: CreateApiTokenInput["expiresInDays"] },
): Promise<{ token: ApiToken; secret: string }> {
  const member = requireMember(viewer);
  if (input.scope === "admin" && !isModerator(member)) throw new ForbiddenError(API_TOKEN_MESSAGES.adminScopeRefused);
  const id = newId();
  const secret = randomBytes(32).toString("base64url");
  const max = deps.config.maxApiTokensPerMember;
  const row = await deps.db.transaction().execute(async (trx) => {
    // The member's row locked first: creates at once count one after the other, so together they never pass the cap.
    await trx.selectFrom("users").select("id").where("id", "=", member.id).forNoKeyUpdate().execute();
    const now = new Date();
    const { live } = await trx
      .selectFrom("apiTokens")
      .select((eb) => eb.fn.countAll<string>().as("live"))
      .where("userId", "=", member.id)
      .where((eb) => eb.or([eb("expiresAt", "is", null), eb("expiresAt", ">", now)]))
      .executeTakeFirstOrThrow();
    if (Number(live) >= max) throw new ConflictError(API_TOKEN_MESSAGES.tooManyTokens(max));
    return trx
      .insertInto("apiTokens")
      .values({
        id,
        userId: member.id,
        name: input.name,
        secretHash: hashOf(secret),
        scope: input.scope,
        expiresAt: input.expiresInDays ? new Date(now.getTime() + input.expiresInDays * DAY_MS) : null,
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
  });
  return { token: itemOf(row), secret: `${PREFIX}${id}_${secret}` };
}

/** Revokes one of the member's tokens: deleted, so its next request is refused. */
export async function revokeApiToken(deps: Deps, viewer: Viewer, input: { id: string }): Promise<{ id: string }> {
  const member = requireMember(viewer);
  await deleteOwned(deps.db, "apiTokens", member.id, input.id, API_TOKEN_MESSAGES.notFound);
  return { id: input.id };
}

/**
 * The grant of a Bearer token, checked against the database: unknown, tampered with (wrong secret), expired, or
 * belonging to a suspended member is InvalidApiTokenError (401), all with one message.
 */
export async function resolveApiToken(db: Db, token: string, now = new Date()): Promise<ApiTokenGrant> {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) throw new InvalidApiTokenError();
  const [, id, secret] = match as unknown as [string, string, string];
  const row = await db
    .selectFrom("apiTokens as t")
    .innerJoin("users", "users.id", "t.userId")
    .selectAll("users")
    .select(["t.secretHash as tokenSecretHash", "t.scope as tokenScope", "t.expiresAt as tokenExpiresAt"])
    .select("t.lastUsedAt as tokenLastUsedAt")
    .where("t.id", "=", id)
    .executeTakeFirst();
  if (!row || !timingSafeEqual(row.tokenSecretHash, hashOf(secret))) throw new InvalidApiTokenError();
  const { tokenSecretHash: _, tokenScope, tokenExpiresAt, tokenLastUsedAt, ...user } = row;
  if ((tokenExpiresAt && tokenExpiresAt <= now) || isSuspended(user)) throw new InvalidApiTokenError();
  if (!tokenLastUsedAt || now.getTime() - tokenLastUsedAt.getTime() >= LAST_USED_EVERY_MS) {
    await db.updateTable("apiTokens").set({ lastUsedAt: now }).where("id", "=", id).execute();
  }
  return { id, scope: tokenScope, viewer: tokenViewer(user as UserRow, tokenScope) };
}

/**
 * The one scope rule, for both transports: a call made with a token needs its scope (a session has no scope to
 * check); managing tokens is for a browser session alone.
 */
export function requireTokenScope(grant: ApiTokenGrant | null, required: RequiredScope): void {
  if (!grant) return;
  if (required === "session") throw new ForbiddenError(API_TOKEN_MESSAGES.tokensRefused);
  if (RANK[grant.scope] < RANK[required]) throw new ForbiddenError(API_TOKEN_MESSAGES.scopeRefused);
}

/**
 * The token of an `Authorization` header; undefined without the header. Only `Bearer <token>` carries one: the
 * scheme is case-insensitive (RFC 7235 §2.1), then exactly one space and the token, nothing else. Any other value
 * (another scheme, `Bearer` alone, extra or tab spaces, a token with spaces in it) is a credential that is no
 * one's: "" here, which resolveApiToken refuses (401), rather than a request without credentials.
 */
export function bearerTokenOf(authorization: string | undefined): string | undefined {
  if (authorization === undefined) return undefined;
  return /^bearer ([^\s]+)$/i.exec(authorization)?.[1] ?? "";
}

/** Whether a request carries an Authorization header (not yet checked): it then acts as the token's member alone. */
export const carriesBearerToken = (headers: { authorization?: string }) =>
  bearerTokenOf(headers.authorization) !== undefined;
