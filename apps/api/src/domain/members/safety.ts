import type { SafetySettings } from "@gallery/schema";
import type { Deps } from "../deps.js";
import { UnauthorizedError } from "../errors.js";
import { requireMember, type Viewer } from "../policy.js";

/**
 * A member's safety settings (issue 13): a tag blocklist and how NSFW images are shown to them (Show, Blur,
 * Hide). They are columns of the user row, so they travel with the viewer into every read: the listing
 * filters (listings/queries.ts applyFilters, through the viewer policy), the read model (blurred images,
 * listings/read-model.ts) and the response cache's audience (plugins/app/response-cache.ts).
 */

export async function readSafetySettings(_deps: Deps, viewer: Viewer): Promise<SafetySettings> {
  const member = requireMember(viewer);
  return { blockedTags: member.blockedTags, nsfwDisplay: member.nsfwDisplay };
}

/**
 * Replaces the member's settings. The input is validated at the edge (safetySettingsSchema: at most 100
 * tags, lower-cased, no duplicates; a known display), so a refused input changes nothing. Writing the users
 * row drops every shared copy and what the response cache remembered of each session (change feed).
 */
export async function updateSafetySettings(deps: Deps, viewer: Viewer, input: SafetySettings): Promise<SafetySettings> {
  const member = requireMember(viewer);
  const row = await deps.db
    .updateTable("users")
    .set({ blockedTags: input.blockedTags, nsfwDisplay: input.nsfwDisplay, updatedAt: new Date() })
    .where("id", "=", member.id)
    .returning(["blockedTags", "nsfwDisplay"])
    .executeTakeFirst();
  if (!row) throw new UnauthorizedError();
  return { blockedTags: row.blockedTags, nsfwDisplay: row.nsfwDisplay };
}
