import { type Audience, intersectAudiences } from "../services/response-cache.js";
import type { ProcedureMeta } from "./init.js";
import { appRouter } from "./router.js";

// Flat at runtime ("chatbots.list"), though typed as the nested record.
const procedures = appRouter._def.procedures as unknown as Record<
  string,
  { _def: { type: string; meta?: ProcedureMeta } }
>;
const known = new Map<string, ReadonlySet<Audience>>();

/**
 * The audiences for whom every procedure of one tRPC call (a batch) answers alike, from their `sharedBy`
 * meta: a query shared by nobody, or any mutation, shares nothing.
 */
export function procedureAudiences(paths: readonly string[]): ReadonlySet<Audience> {
  const key = paths.join(",");
  let audiences = known.get(key);
  if (!audiences) {
    audiences = intersectAudiences(
      paths.map((path) => {
        const def = procedures[path]?._def;
        return def?.type === "query" ? (def.meta?.sharedBy ?? []) : [];
      }),
    );
    // Only names of real procedures are remembered, so random paths cannot grow this map.
    if (paths.length <= 4 && paths.every((path) => procedures[path])) known.set(key, audiences);
  }
  return audiences;
}
