import type { StatKind } from "@gallery/db";
import { LISTING_FIELDS, type ListingFieldInfo, PLATFORM_FIELDS, PLATFORMS } from "@gallery/schema";

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Every kind a click-out or view is counted under: a page view, or one per platform (its key). */
export const STAT_KINDS: readonly StatKind[] = ["view", ...PLATFORMS];

const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

/**
 * A declared listing field's column on chatbots (listing-fields.ts): text, its default (which existing listings
 * take when it is added), and a check that keeps it to the field's values, replaced when they change. The values
 * are the declaration's, never a client's.
 */
function listingFieldColumnSql(field: ListingFieldInfo): string {
  const check = `chatbots_${field.column}_check`;
  const defaultValue = field.default === undefined ? "" : ` DEFAULT ${literal(field.default)}`;
  return `ALTER TABLE chatbots ADD COLUMN IF NOT EXISTS ${field.column} text${defaultValue};
ALTER TABLE chatbots DROP CONSTRAINT IF EXISTS ${check},
  ADD CONSTRAINT ${check} CHECK (${field.column} IN (${field.values.map(literal).join(", ")}));
`;
}

/**
 * What each platform of the registry (packages/schema platforms.ts) needs of the database: its identifier and URL
 * on chatbots (`<key>_cid`, `<key>_url`) and its key among the stat kinds listing_stats_daily accepts. Installed by
 * generated migrations (`pnpm gen`): adding a platform is its registry line and the migration this writes.
 * Removing one drops nothing (its columns keep their data until a hand-written migration drops them). The declared
 * listing fields' columns (listing-fields.ts) are installed here too, in the same part.
 */
export function platformColumnsSql(fields: readonly ListingFieldInfo[] = LISTING_FIELDS): string {
  return `
ALTER TABLE chatbots
${PLATFORM_FIELDS.map(({ name }) => `  ADD COLUMN IF NOT EXISTS ${snakeCase(name)} text`).join(",\n")};
${fields.map(listingFieldColumnSql).join("")}ALTER TABLE listing_stats_daily DROP CONSTRAINT IF EXISTS listing_stats_daily_kind_check,
  ADD CONSTRAINT listing_stats_daily_kind_check CHECK (kind IN (${STAT_KINDS.map((kind) => `'${kind}'`).join(", ")}));
`;
}
