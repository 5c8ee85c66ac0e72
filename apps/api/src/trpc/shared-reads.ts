import type { SharedBy } from "../calls/call.js";
import { VIEWER_FACTS, VISITOR_FACTS, type ViewerFact, type ViewerFacts, viewerKey } from "../domain/policy.js";
import { type Audience, type CopyOwner, intersectAudiences, personalCopyOwner } from "../services/response-cache.js";
import type { ProcedureMeta } from "./init.js";
import { appRouter } from "./router.js";

/**
 * What one request's answer may be shared by (a REST route's declaration, or every procedure's of a tRPC batch):
 * the audiences, and the facts of the viewer's value the answer depends on, always with `signedIn` (a copy made
 * for members carries what members are told, caches outside the server included).
 */
export interface SharingRule {
  audiences: ReadonlySet<Audience>;
  facts: readonly ViewerFact[];
  /** Whether any of the reads shows helpful marks (declared `helpfulMarks`): a mark drops the copy. */
  showsHelpful: boolean;
  /** Every visitor's copy owner under this rule, made once (visitors are one value): the busiest path. */
  visitors?: CopyOwner | undefined;
}

/**
 * The rule of several declarations at once: the audiences all of them share, and every fact any of them depends
 * on (a declaration without `facts` depends on all), in the value's own order so one batch has one key.
 */
export function sharingRule(declarations: ReadonlyArray<SharedBy | undefined>): SharingRule {
  const audiences = intersectAudiences(declarations.map((declared) => declared?.by ?? []));
  const needed = new Set<ViewerFact>(["signedIn"]);
  for (const declared of declarations) for (const fact of declared?.facts ?? VIEWER_FACTS) needed.add(fact);
  const rule: SharingRule = {
    audiences,
    facts: VIEWER_FACTS.filter((fact) => needed.has(fact)),
    showsHelpful: declarations.some((declared) => declared?.helpfulMarks === true),
  };
  rule.visitors = copyOwner(VISITOR_FACTS, rule, undefined);
  return rule;
}

/**
 * Whose copy may answer this viewer under this rule: the copy of every viewer of their audience alike in the facts
 * the rule names (the key is the viewer policy's viewerKey, the same function the compiled-query cache keys by),
 * when the read is shared by that audience; a member's own read (`self`) is kept for their session cookie alone.
 * A sign-out or a settings change drops these (`forgetViewers`); a helpful mark the copies of reads showing marks
 * and each session's own (`forgetHelpful`); any other change to what public reads show drops every copy.
 */
export function copyOwner(
  viewer: ViewerFacts,
  rule: SharingRule,
  sessionCookie: string | undefined,
): CopyOwner | undefined {
  if (viewer === VISITOR_FACTS && rule.visitors !== undefined) return rule.visitors;
  const audience = viewer.signedIn ? "member" : "visitor";
  if (rule.audiences.has(audience)) return `${audience} ${viewerKey(viewer, rule.facts)}`;
  return viewer.signedIn && rule.audiences.has("self") && sessionCookie !== undefined
    ? personalCopyOwner(sessionCookie)
    : undefined;
}

// Flat at runtime ("chatbots.list"), though typed as the nested record.
const procedures = appRouter._def.procedures as unknown as Record<
  string,
  { _def: { type: string; meta?: ProcedureMeta } }
>;
const known = new Map<string, SharingRule>();

/**
 * The rule of one tRPC call (a batch), from its procedures' `sharedBy` meta: a query shared by nobody, or any
 * mutation, shares nothing.
 */
export function procedureSharing(paths: readonly string[]): SharingRule {
  const key = paths.join(",");
  let rule = known.get(key);
  if (!rule) {
    rule = sharingRule(
      paths.map((path) => {
        const def = procedures[path]?._def;
        return def?.type === "query" ? def.meta?.sharedBy : undefined;
      }),
    );
    // Only names of real procedures are remembered, so random paths cannot grow this map.
    if (paths.length <= 4 && paths.every((path) => procedures[path])) known.set(key, rule);
  }
  return rule;
}
