import type { TRPCMutationProcedure, TRPCQueryProcedure } from "@trpc/server";
import type { z } from "zod";
import { type Access, type AnyCall, type Call, limitOf, scopeOf } from "../calls/call.js";
import {
  adminProcedure,
  approvedProcedure,
  authedProcedure,
  type ProcedureMeta,
  publicProcedure,
  superAdminProcedure,
} from "./init.js";

/** Each access as the procedure that checks it first (the domain applies the same policy again). */
const PROCEDURE_FOR: Record<Access, typeof publicProcedure> = {
  public: publicProcedure,
  member: authedProcedure as unknown as typeof publicProcedure,
  publisher: approvedProcedure as unknown as typeof publicProcedure,
  moderator: adminProcedure as unknown as typeof publicProcedure,
  superAdmin: superAdminProcedure as unknown as typeof publicProcedure,
};

type Def<In, Out extends z.ZodType> = {
  input: In extends z.ZodType ? z.input<In> : undefined;
  output: z.output<Out>;
  meta: ProcedureMeta;
};
/** The procedure a call becomes, typed by its schemas (what clients infer). */
export type ProcedureOf<C> =
  C extends Call<infer In, infer Out, infer Kind>
    ? Kind extends "query"
      ? TRPCQueryProcedure<Def<In, Out>>
      : TRPCMutationProcedure<Def<In, Out>>
    : never;

/**
 * A call as a tRPC procedure: its access, who shares its answer, what it counts against, its input and its output,
 * checked before sending.
 */
function procedureOf(call: AnyCall) {
  const base = PROCEDURE_FOR[call.access].meta({
    sharedBy: call.sharing,
    scope: scopeOf(call),
    limit: limitOf(call),
  });
  const built = (call.input ? base.input(call.input) : base).output(call.output);
  const resolve = ({ ctx, input }: { ctx: Parameters<AnyCall["run"]>[0]; input: unknown }) =>
    call.run(ctx, ctx.user, input);
  return call.kind === "query" ? built.query(resolve) : built.mutation(resolve);
}

/** A record of calls as a record of procedures (a router's). */
export function proceduresOf<Calls extends Record<string, AnyCall>>(
  calls: Calls,
): { [Name in keyof Calls]: ProcedureOf<Calls[Name]> } {
  return Object.fromEntries(Object.entries(calls).map(([name, call]) => [name, procedureOf(call)])) as never;
}
