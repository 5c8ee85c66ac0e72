import type { UserRow } from "@gallery/db";
import { AGE_MESSAGES, MINIMUM_AGE, type SafetySettings } from "@gallery/schema";
import type { Deps } from "../deps.js";
import { InvalidError, UnauthorizedError } from "../errors.js";
import {
  ageCheckOf,
  ageOn,
  nsfwDisplayChoices,
  nsfwDisplayInEffect,
  requireMayAnswerAge,
  requireMayChooseNsfwDisplay,
  requireMember,
  type Viewer,
} from "../policy.js";

/**
 * A member's safety settings (issue 13): a tag blocklist and how NSFW images are shown to them (Show, Blur,
 * Hide). They are columns of the user row, so they travel with the viewer into every read: the listing
 * filters (listings/queries.ts applyFilters, through the viewer policy), the read model (blurred images,
 * listings/read-model.ts) and the response cache's audience (plugins/app/response-cache.ts).
 */

const SETTINGS_COLUMNS = ["blockedTags", "nsfwDisplay", "birthDate"] as const;

const settingsOf = (row: Pick<UserRow, (typeof SETTINGS_COLUMNS)[number]>): SafetySettings => ({
  blockedTags: row.blockedTags,
  nsfwDisplay: row.nsfwDisplay,
  nsfwDisplayInEffect: nsfwDisplayInEffect(row),
  nsfwDisplayChoices: nsfwDisplayChoices(row),
  ageCheck: ageCheckOf(row),
});

export async function readSafetySettings(_deps: Deps, viewer: Viewer): Promise<SafetySettings> {
  return settingsOf(requireMember(viewer));
}

/**
 * Replaces the member's settings. The input is validated at the edge (safetySettingsSchema: at most 100
 * tags, lower-cased, no duplicates; a known display), so a refused input changes nothing. Writing the users
 * row drops every shared copy and what the response cache remembered of each session (change feed).
 */
export async function updateSafetySettings(
  deps: Deps,
  viewer: Viewer,
  input: Pick<SafetySettings, "blockedTags" | "nsfwDisplay">,
): Promise<SafetySettings> {
  const member = requireMember(viewer);
  requireMayChooseNsfwDisplay(member, input.nsfwDisplay);
  const row = await deps.db
    .updateTable("users")
    .set({ blockedTags: input.blockedTags, nsfwDisplay: input.nsfwDisplay, updatedAt: new Date() })
    .where("id", "=", member.id)
    .returning(SETTINGS_COLUMNS)
    .executeTakeFirst();
  if (!row) throw new UnauthorizedError();
  return settingsOf(row);
}

/**
 * The age question's answer (a YYYY-MM-DD date, checked at the edge): under 13 is refused and nothing is kept;
 * under 18 turns NSFW off for good (the saved display becomes Hide); 18 or older shows what members see. Kept
 * privately on the user row: no call returns it, only what it means (`ageCheck`).
 */
export async function confirmAge(deps: Deps, viewer: Viewer, input: { dateOfBirth: string }): Promise<SafetySettings> {
  const member = requireMember(viewer);
  requireMayAnswerAge(member);
  const birthDate = new Date(`${input.dateOfBirth}T00:00:00Z`);
  const age = ageOn(birthDate);
  if (age < MINIMUM_AGE) throw new InvalidError(AGE_MESSAGES.tooYoung);
  const row = await deps.db
    .updateTable("users")
    .set({ birthDate: input.dateOfBirth, ...(age < 18 ? { nsfwDisplay: "hide" as const } : {}), updatedAt: new Date() })
    .where("id", "=", member.id)
    .returning(SETTINGS_COLUMNS)
    .executeTakeFirst();
  if (!row) throw new UnauthorizedError();
  return settingsOf(row);
}

/**
 * "Show my e-mail to signed-in members" (issue 23): off, no read returns the creator's e-mail to anyone but
 * them and moderators (policy.emailFor). A change of what members are shown: shared copies are dropped.
 */
export async function setEmailVisibility(
  deps: Deps,
  viewer: Viewer,
  input: { showEmail: boolean },
): Promise<SafetySettings> {
  const member = requireMember(viewer);
  const row = await deps.db
    .updateTable("users")
    .set({ showEmail: input.showEmail, updatedAt: new Date() })
    .where("id", "=", member.id)
    .returning(SETTINGS_COLUMNS)
    .executeTakeFirst();
  if (!row) throw new UnauthorizedError();
  return settingsOf(row);
}
