import { initTRPC } from "@trpc/server";
import { ZodError, z } from "zod";
import type { Limit, SharedBy } from "../calls/call.js";
import { errorBody, fieldOf } from "../calls/error-body.js";
import { countCall } from "../calls/limits.js";
import { IMAGE_TOO_LARGE, INTERNAL_ERROR, InvalidApiTokenError } from "../domain/errors.js";
import { type RequiredScope, requireTokenScope } from "../domain/members/api-tokens.js";
import { requireMember, requireModerator, requirePublisher, requireSuperAdmin } from "../domain/policy.js";
import type { Context } from "./context.js";
import { toTRPCError } from "./errors.js";

export interface ProcedureMeta {
  /**
   * The audiences for whom this read answers the same to everyone in it alike in the facts it names, given the
   * same input, so one copy can serve them all for a moment (plugins/app/response-cache). Leave it out for
   * anything that depends on who exactly asks (their own data). Declared once, as the call's `sharing` (calls/).
   */
  sharedBy?: SharedBy;
  /** What a personal API token needs to make this call (calls/call.ts `scopeOf`), checked before anything else. */
  scope?: RequiredScope;
  /** What the call counts against (calls/call.ts `Limit`), per call: each call of a batch counts. */
  limit?: Limit;
}

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    // tRPC would add stack traces whenever NODE_ENV is not production (`pnpm start` runs in development):
    // only an explicit setting (ERROR_STACKS, set by `pnpm dev`) adds them, below.
    isDev: false,
    errorFormatter({ shape, error, ctx }) {
      const cause = error.cause;
      let message = shape.message;
      // The first validation message is what a person should read.
      if (cause instanceof ZodError) message = cause.issues[0]?.message ?? shape.message;
      else if (error.code === "PAYLOAD_TOO_LARGE") message = IMAGE_TOO_LARGE;
      else if (error.code === "UNAUTHORIZED") {
        message = cause instanceof InvalidApiTokenError ? cause.message : "Unauthorized";
      }
      // An unexpected error's own message may name files, queries or hosts: it goes to the log only (plugins/app/trpc).
      else if (error.code === "INTERNAL_SERVER_ERROR") message = INTERNAL_ERROR;
      // The same machine-readable code and wrong field as a REST error's body (http/errors.ts `errorBody`).
      const { code: errorCode, field } = errorBody(shape.data.httpStatus, message, {
        error: cause,
        field: cause instanceof ZodError ? fieldOf(cause.issues[0]?.path ?? []) : undefined,
      });
      return {
        ...shape,
        message,
        data: {
          ...shape.data,
          errorCode,
          field,
          fieldErrors: cause instanceof ZodError ? z.flattenError(cause).fieldErrors : undefined,
          ...(ctx?.config.errorStacks ? { stack: error.stack } : {}),
        },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * Every procedure: counted against its limit first (the same budgets as the REST routes, services/call-limits.ts),
 * then an API token's scope checked; domain errors mapped to tRPC codes here, once.
 */
export const publicProcedure = t.procedure.use(async ({ ctx, meta, type, next }) => {
  try {
    const limit = meta?.limit ?? (type === "mutation" ? "write" : "read");
    const caller = { member: ctx.user?.id ?? null, withToken: ctx.apiToken !== null, address: ctx.visitor.ip };
    await countCall(ctx.db, ctx.config.rateLimit, limit, caller);
    if (ctx.apiToken) requireTokenScope(ctx.apiToken, meta?.scope ?? "admin");
  } catch (error) {
    throw toTRPCError(error) ?? error;
  }
  const result = await next();
  if (!result.ok) {
    const mapped = toTRPCError(result.error);
    if (mapped) throw mapped;
  }
  return result;
});

/*
 * The narrowing procedures check the policy first (so a visitor is turned away before their input is
 * read) and give the handler a typed ctx.user; the domain applies the same policy again on its own.
 */

/** Signed in: a session whose user still exists. */
export const authedProcedure = publicProcedure.use(({ ctx, next }) =>
  next({ ctx: { ...ctx, user: requireMember(ctx.user) } }),
);

/** Signed in and approved: may publish listings. */
export const approvedProcedure = publicProcedure.use(({ ctx, next }) =>
  next({ ctx: { ...ctx, user: requirePublisher(ctx.user) } }),
);

/** Admins and super admins. */
export const adminProcedure = publicProcedure.use(({ ctx, next }) =>
  next({ ctx: { ...ctx, user: requireModerator(ctx.user) } }),
);

export const superAdminProcedure = publicProcedure.use(({ ctx, next }) =>
  next({ ctx: { ...ctx, user: requireSuperAdmin(ctx.user) } }),
);
