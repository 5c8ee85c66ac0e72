import { apiTokenListSchema, createApiTokenSchema, createdApiTokenSchema, revokeApiTokenSchema } from "@gallery/schema";
import { z } from "zod";
import { createApiToken, listApiTokens, revokeApiToken } from "../domain/members/api-tokens.js";
import { mutation, query } from "./call.js";

/** A member's personal API tokens, managed from the dashboard: a browser session's calls, never a token's. */
export const apiTokensCalls = {
  list: query({
    access: "member",
    sessionOnly: true,
    output: apiTokenListSchema,
    run: listApiTokens,
  }),

  /** The answer's `secret` is the whole token, shown once; past MAX_API_TOKENS_PER_MEMBER live tokens, 409. */
  create: mutation({
    access: "member",
    sessionOnly: true,
    input: createApiTokenSchema,
    output: createdApiTokenSchema,
    run: createApiToken,
  }),

  revoke: mutation({
    access: "member",
    sessionOnly: true,
    input: revokeApiTokenSchema,
    output: z.object({ id: z.string() }),
    run: revokeApiToken,
  }),
};
