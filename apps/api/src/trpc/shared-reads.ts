import type { Audience } from "../services/response-cache.js";
import type { ProcedureMeta } from "./init.js";
import { appRouter } from "./router.js";

// Flat at runtime ("chatbots.list"), though typed as the nested record.
const procedures = appRouter._def.procedures as unknown as Record<
  string,
  { _def: { type: string; meta?: ProcedureMeta } }
>;
const known = new Map<string, ReadonlySet<Audience>>();

/**
 * The audiences for whom every one of these procedures (a REST route's, or one tRPC batch) answers
 * alike, from their `sharedBy` meta: a query shared by nobody, or any mutation, shares nothing.
 */
export function sharedAudiences(paths: readonly string[]): ReadonlySet<Audience> {
  const key = paths.join(",");
  let audiences = known.get(key);
  if (!audiences) {
    const sharedBy = paths.map((path) => {
      const def = procedures[path]?._def;
      return def?.type === "query" ? (def.meta?.sharedBy ?? []) : [];
    });
    audiences = new Set(sharedBy[0]?.filter((audience) => sharedBy.every((each) => each.includes(audience))));
    // Only names of real procedures are remembered, so random paths cannot grow this map.
    if (paths.length <= 4 && paths.every((path) => procedures[path])) known.set(key, audiences);
  }
  return audiences;
}
