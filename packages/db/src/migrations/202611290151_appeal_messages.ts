import { type Kysely, sql } from "kysely";

/**
 * The moderator's desk (issue 40 §3): a decision keeps who made it and, once appealed, the creator's message.
 * - `decided_by`: the moderator as named when they decided (null: the system's auto-hide, or decisions from
 *   before this migration, which nobody recorded).
 * - `appeal_message`: what the creator wrote when asking for a review (at most 500 characters, checked here too).
 * An open appeal's report points at the decision it appeals (`related_id`); open appeals from before are linked to
 * their target's latest appealed decision, and the message they carried as report details is copied over.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE moderation_decisions
      ADD COLUMN decided_by text,
      ADD COLUMN appeal_message text
        CONSTRAINT moderation_decisions_appeal_message_length CHECK (char_length(appeal_message) <= 500)`.execute(db);
  await sql`
    UPDATE reports r SET related_id = (
      SELECT d.id FROM moderation_decisions d
      WHERE d.appealed_at IS NOT NULL
        AND ((r.target_kind = 'listing' AND d.chatbot_id = r.target_id)
          OR (r.target_kind = 'profile' AND d.chatbot_id IS NULL AND d.user_id = r.target_id))
      ORDER BY d.appealed_at DESC LIMIT 1)
    WHERE r.reason = 'appeal' AND r.status = 'open' AND r.related_id IS NULL`.execute(db);
  await sql`
    UPDATE moderation_decisions d SET appeal_message = left(r.details, 500)
    FROM reports r
    WHERE r.reason = 'appeal' AND r.status = 'open' AND r.related_id = d.id AND r.details IS NOT NULL
      AND d.appeal_message IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE moderation_decisions DROP COLUMN IF EXISTS appeal_message, DROP COLUMN IF EXISTS decided_by`.execute(
    db,
  );
}
