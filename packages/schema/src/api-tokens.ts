import { z } from "zod";
import { filledText } from "./text-input.js";

/** Personal API tokens (issue 24): what a member creates, lists and revokes from their dashboard. */
export const API_TOKEN_NAME_MAX = 60;
export const API_TOKEN_SCOPES = ["read", "write", "admin"] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];
/** The expiries offered, in days; null: never expires. */
export const API_TOKEN_EXPIRIES = [7, 30, 90, 365] as const;

/** Every message these calls and a token's use answer, once (tested word for word). */
export const API_TOKEN_MESSAGES = {
  nameRequired: "Give the token a name",
  nameTooLong: `Keep the name under ${API_TOKEN_NAME_MAX} characters`,
  invalidExpiry: "Choose an expiry of 7, 30, 90 or 365 days, or none",
  invalidScope: "Choose a scope: read, write or admin",
  adminScopeRefused: "Only moderators may create an admin-scope token",
  notFound: "API token not found",
  invalidToken: "Invalid or expired API token",
  scopeRefused: "This API token's scope does not allow this call",
  tokensRefused: "API tokens cannot manage API tokens",
  /** A member holds `max` live (unexpired) tokens already (MAX_API_TOKENS_PER_MEMBER). */
  tooManyTokens: (max: number) =>
    `You already have ${max} API tokens, the most one account may hold: revoke one you no longer use first`,
} as const;

export const apiTokenScopeSchema = z.enum(API_TOKEN_SCOPES, { error: API_TOKEN_MESSAGES.invalidScope });

export const createApiTokenSchema = z.object({
  name: filledText(API_TOKEN_NAME_MAX, {
    required: API_TOKEN_MESSAGES.nameRequired,
    tooLong: API_TOKEN_MESSAGES.nameTooLong,
  }),
  scope: apiTokenScopeSchema,
  expiresInDays: z
    .union([z.literal(7), z.literal(30), z.literal(90), z.literal(365), z.null()], {
      error: API_TOKEN_MESSAGES.invalidExpiry,
    })
    .default(null),
});
export type CreateApiTokenInput = z.input<typeof createApiTokenSchema>;

export const revokeApiTokenSchema = z.object({ id: z.string().min(1).max(40) });

/** A token as its owner sees it: never its secret. `prefix` is the token's public start, `cgt_<id>`. */
export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  scope: apiTokenScopeSchema,
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenListSchema = z.object({ items: z.array(apiTokenSchema) });
/** A new token: the whole token string in `secret`, shown once. */
export const createdApiTokenSchema = z.object({ token: apiTokenSchema, secret: z.string() });
