import type { FastifyRequest } from "fastify";
import { type CallContext, callContext } from "../calls/context.js";
import { toTRPCError } from "./errors.js";

/** What every procedure receives: a call's context. */
export type Context = CallContext;

/** The procedure context for one /trpc request; a service down while loading the caller is tRPC's 503. */
export async function createContext(request: FastifyRequest): Promise<Context> {
  try {
    return await callContext(request);
  } catch (error) {
    throw toTRPCError(error) ?? error;
  }
}
