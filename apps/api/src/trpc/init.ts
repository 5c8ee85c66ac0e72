import { initTRPC, TRPCError } from "@trpc/server";
import { ZodError, z } from "zod";
import { isInvalidValue, unavailableMessage, unavailablePart } from "../services/unavailable.js";
import type { Context } from "./context.js";

export interface ProcedureMeta {
  /**
   * The audiences for whom this read answers the same to everyone in it, given the same input, so
   * one copy can serve them all for a moment (plugins/app/response-cache). Leave it out for anything
   * that depends on who exactly asks (their own data, their role).
   */
  sharedBy?: Array<"visitor" | "member">;
}

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    errorFormatter({ shape, error }) {
      const cause = error.cause;
      return {
        ...shape,
        // The first validation message is what a person should read.
        message: cause instanceof ZodError ? (cause.issues[0]?.message ?? shape.message) : shape.message,
        data: {
          ...shape.data,
          fieldErrors: cause instanceof ZodError ? z.flattenError(cause).fieldErrors : undefined,
        },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
/** A backing service that is down is a 503 the client can retry, not a 500; a value the database refuses is a 400. */
export const publicProcedure = t.procedure.use(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    const part = unavailablePart(result.error.cause ?? result.error);
    if (part) {
      throw new TRPCError({ code: "SERVICE_UNAVAILABLE", message: unavailableMessage(part), cause: result.error });
    }
    if (isInvalidValue(result.error.cause)) {
      throw new TRPCError({
        code: "BAD_REQUEST",
        message: "The text contains characters that cannot be stored",
        cause: result.error,
      });
    }
  }
  return result;
});

/** Signed in: a session whose user still exists. */
export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: "UNAUTHORIZED", message: "Unauthorized" });
  return next({ ctx: { ...ctx, user: ctx.user } });
});

/** Signed in and approved: may publish listings. */
export const approvedProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!ctx.user.isApproved) {
    throw new TRPCError({ code: "FORBIDDEN", message: "Your account is waiting for approval" });
  }
  return next();
});

export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!ctx.user.isAdmin && !ctx.user.isSuperAdmin) {
    throw new TRPCError({ code: "FORBIDDEN", message: "Admin access required" });
  }
  return next();
});

export const superAdminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!ctx.user.isSuperAdmin) throw new TRPCError({ code: "FORBIDDEN", message: "Super admin access required" });
  return next();
});
