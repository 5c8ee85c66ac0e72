import { UNSHOWN_USER_COLUMNS, USER_SETTINGS_COLUMNS } from "@gallery/db";

/**
 * The `users` change triggers: an update that leaves every column
 * anyone is shown as it was says nothing public (a sign-in, a setting); one that changes a member's own setting
 * says `viewers` (who their sessions are), not `shapes`. Made from packages/db changes.ts's lists, which the
 * write observer reads too, and installed by generated migrations (`pnpm gen`): a new private column is a line
 * there.
 */
export function usersChangeTriggersSql(): string {
  const privateColumns = [...USER_SETTINGS_COLUMNS, ...UNSHOWN_USER_COLUMNS];
  const publicPart = (row: "OLD" | "NEW") => `to_jsonb(${row}) - ${privateColumns.map((c) => `'${c}'`).join(" - ")}`;
  return `
CREATE OR REPLACE FUNCTION notify_gallery_change_kind() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  -- One notification per transaction and kind: PostgreSQL folds identical payloads.
  PERFORM pg_notify('gallery_changed', TG_ARGV[0]);
  RETURN NULL;
END $fn$;
CREATE OR REPLACE TRIGGER users_notify_public_update AFTER UPDATE ON users FOR EACH ROW
  WHEN ((${publicPart("OLD")}) IS DISTINCT FROM (${publicPart("NEW")}))
  EXECUTE FUNCTION notify_gallery_change_kind('shapes');
CREATE OR REPLACE TRIGGER users_notify_settings AFTER UPDATE ON users FOR EACH ROW
  WHEN (${USER_SETTINGS_COLUMNS.map((c) => `OLD.${c} IS DISTINCT FROM NEW.${c}`).join(" OR ")})
  EXECUTE FUNCTION notify_gallery_change_kind('viewers');
`;
}
