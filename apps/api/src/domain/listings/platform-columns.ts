import type { StatKind } from "@gallery/db";
import { PLATFORM_FIELDS, PLATFORMS } from "@gallery/schema";

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Every kind a click-out or view is counted under: a page view, or one per platform (its key). */
export const STAT_KINDS: readonly StatKind[] = ["view", ...PLATFORMS];

/**
 * What each platform of the registry (packages/schema platforms.ts) needs of the database: its identifier and URL
 * on chatbots (`<key>_cid`, `<key>_url`) and its key among the stat kinds listing_stats_daily accepts. Installed by
 * generated migrations (`pnpm gen`): adding a platform is its registry line and the migration this writes.
 * Removing one drops nothing (its columns keep their data until a hand-written migration drops them).
 */
export function platformColumnsSql(): string {
  return `
ALTER TABLE chatbots
${PLATFORM_FIELDS.map(({ name }) => `  ADD COLUMN IF NOT EXISTS ${snakeCase(name)} text`).join(",\n")};
ALTER TABLE listing_stats_daily DROP CONSTRAINT IF EXISTS listing_stats_daily_kind_check,
  ADD CONSTRAINT listing_stats_daily_kind_check CHECK (kind IN (${STAT_KINDS.map((kind) => `'${kind}'`).join(", ")}));
`;
}
