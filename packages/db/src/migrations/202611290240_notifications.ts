import { type Kysely, sql } from "kysely";

/**
 * Notifications (issue 38 §3). A member's notifications, made by triggers in the same transaction as what they tell
 * of, so a write that fails or rolls back leaves none:
 * - `newListing`: a listing by a creator the recipient follows (one INSERT … SELECT over their followers; an NSFW
 *   listing only to followers who may see it: known adults whose NSFW display is not Hide; none for a hidden one);
 * - `review`: a review of the recipient's listing; `reply`: the listing's creator's reply to the recipient's review;
 * - `reportOutcome` / `appealOutcome`: the recipient's report (`member:<id>`) or appeal (`creator:<id>`) closed, with
 *   its outcome; `verificationOutcome`: their verification request approved or denied;
 * - `listingModerated`: a moderation decision on the recipient's listing (hidden, restored, marked NSFW, edited...).
 * `notify_member` writes one unless the recipient is the actor or has turned that kind off
 * (`notification_opt_outs`: one row per member and kind turned off). A statement's new or changed notifications
 * NOTIFY `gallery_notifications` with their recipients (comma-separated; `*` past 100 of them) so every api instance
 * tells the recipient's open streams; the shared copies' channel (`gallery_changed`) is not woken.
 * Kept 90 days (`notifications_created_idx` for the periodic, bounded delete).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE notifications (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      recipient_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      kind text NOT NULL CONSTRAINT notifications_kind_check CHECK (kind IN
        ('newListing', 'review', 'reply', 'reportOutcome', 'appealOutcome', 'verificationOutcome', 'listingModerated')),
      actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
      listing_id uuid REFERENCES chatbots (id) ON DELETE SET NULL,
      review_id uuid REFERENCES reviews (id) ON DELETE SET NULL,
      report_id uuid REFERENCES reports (id) ON DELETE SET NULL,
      decision_id uuid REFERENCES moderation_decisions (id) ON DELETE SET NULL,
      verification_id uuid REFERENCES verification_requests (id) ON DELETE SET NULL,
      outcome text,
      created_at timestamptz NOT NULL DEFAULT now(),
      read_at timestamptz
    )`.execute(db);
  // A member's page, newest first (keyset on id), and their unread count (a count over the partial index).
  await sql`CREATE INDEX notifications_recipient_idx ON notifications (recipient_id, id DESC)`.execute(db);
  await sql`CREATE INDEX notifications_unread_idx ON notifications (recipient_id) WHERE read_at IS NULL`.execute(db);
  await sql`CREATE INDEX notifications_created_idx ON notifications (created_at, id)`.execute(db);
  // The ON DELETE SET NULL of each subject goes through these.
  for (const column of ["actor_id", "listing_id", "review_id", "report_id", "decision_id", "verification_id"])
    await sql`CREATE INDEX ${sql.raw(`notifications_${column}_idx`)} ON notifications (${sql.raw(column)})
      WHERE ${sql.raw(column)} IS NOT NULL`.execute(db);

  await sql`
    CREATE TABLE notification_opt_outs (
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      kind text NOT NULL CONSTRAINT notification_opt_outs_kind_check CHECK (kind IN
        ('newListing', 'review', 'reply', 'reportOutcome', 'appealOutcome', 'verificationOutcome', 'listingModerated')),
      PRIMARY KEY (user_id, kind)
    )`.execute(db);

  await sql`
    CREATE FUNCTION notify_member(recipient uuid, what text, actor uuid, listing uuid, review uuid, report uuid,
      decision uuid, verification uuid, result text) RETURNS void LANGUAGE plpgsql AS $fn$
    BEGIN
      IF recipient IS NULL OR recipient = actor THEN RETURN; END IF;
      IF EXISTS (SELECT FROM notification_opt_outs o WHERE o.user_id = recipient AND o.kind = what) THEN RETURN; END IF;
      INSERT INTO notifications (recipient_id, kind, actor_id, listing_id, review_id, report_id, decision_id,
        verification_id, outcome)
      VALUES (recipient, what, actor, listing, review, report, decision, verification, result);
    END $fn$`.execute(db);

  await sql`
    CREATE FUNCTION notifications_announce() RETURNS trigger LANGUAGE plpgsql AS $fn$
    DECLARE
      recipients text[];
    BEGIN
      SELECT array_agg(DISTINCT recipient_id::text) INTO recipients FROM (SELECT recipient_id FROM changed LIMIT 101) c;
      IF recipients IS NULL THEN RETURN NULL; END IF;
      PERFORM pg_notify('gallery_notifications',
        CASE WHEN cardinality(recipients) > 100 THEN '*' ELSE array_to_string(recipients, ',') END);
      RETURN NULL;
    END $fn$`.execute(db);
  await sql`
    CREATE TRIGGER notifications_announce_insert AFTER INSERT ON notifications REFERENCING NEW TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION notifications_announce()`.execute(db);
  await sql`
    CREATE TRIGGER notifications_announce_update AFTER UPDATE ON notifications REFERENCING NEW TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION notifications_announce()`.execute(db);

  // A new listing: its creator's followers, in one statement (bounded work per listing, no loop).
  await sql`
    CREATE FUNCTION chatbots_notify_followers() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      IF NEW.hidden_at IS NOT NULL THEN RETURN NULL; END IF;
      INSERT INTO notifications (recipient_id, kind, actor_id, listing_id)
      SELECT f.follower_id, 'newListing', NEW.user_id, NEW.id
      FROM follows f JOIN users u ON u.id = f.follower_id
      WHERE f.followee_id = NEW.user_id AND f.follower_id <> NEW.user_id
        AND (NOT NEW.nsfw OR (u.nsfw_display <> 'hide' AND u.birth_date <= current_date - interval '18 years'))
        AND NOT EXISTS (SELECT FROM notification_opt_outs o WHERE o.user_id = f.follower_id AND o.kind = 'newListing');
      RETURN NULL;
    END $fn$`.execute(db);
  await sql`
    CREATE TRIGGER chatbots_notify_followers AFTER INSERT ON chatbots
    FOR EACH ROW EXECUTE FUNCTION chatbots_notify_followers()`.execute(db);

  // A review of one's listing; the creator's first reply to one's review.
  await sql`
    CREATE FUNCTION reviews_notify() RETURNS trigger LANGUAGE plpgsql AS $fn$
    DECLARE
      creator uuid;
    BEGIN
      SELECT user_id INTO creator FROM chatbots WHERE id = NEW.chatbot_id;
      IF TG_OP = 'INSERT' THEN
        PERFORM notify_member(creator, 'review', NEW.user_id, NEW.chatbot_id, NEW.id, NULL, NULL, NULL, NULL);
      ELSIF OLD.reply IS NULL AND NEW.reply IS NOT NULL THEN
        PERFORM notify_member(NEW.user_id, 'reply', creator, NEW.chatbot_id, NEW.id, NULL, NULL, NULL, NULL);
      END IF;
      RETURN NULL;
    END $fn$`.execute(db);
  await sql`
    CREATE TRIGGER reviews_notify AFTER INSERT OR UPDATE OF reply ON reviews
    FOR EACH ROW EXECUTE FUNCTION reviews_notify()`.execute(db);

  // A member's report, or a creator's appeal, closed: its outcome.
  await sql`
    CREATE FUNCTION reports_notify_outcome() RETURNS trigger LANGUAGE plpgsql AS $fn$
    DECLARE
      listing uuid;
      review uuid;
      decision uuid;
    BEGIN
      IF NOT (OLD.status = 'open' AND NEW.status = 'closed') THEN RETURN NULL; END IF;
      IF NEW.reason = 'appeal' AND NEW.reporter LIKE 'creator:%' THEN
        SELECT d.id, d.chatbot_id INTO decision, listing FROM moderation_decisions d WHERE d.id = NEW.related_id;
        IF listing IS NULL AND NEW.target_kind = 'listing' THEN listing := NEW.target_id; END IF;
        PERFORM notify_member(substr(NEW.reporter, 9)::uuid, 'appealOutcome', NULL,
          (SELECT id FROM chatbots WHERE id = listing), NULL, NEW.id, decision, NULL, NEW.outcome);
      ELSIF NEW.reporter LIKE 'member:%' THEN
        IF NEW.target_kind = 'listing' THEN
          listing := NEW.target_id;
        ELSIF NEW.target_kind = 'review' THEN
          SELECT r.id, r.chatbot_id INTO review, listing FROM reviews r WHERE r.id = NEW.target_id;
        END IF;
        PERFORM notify_member(substr(NEW.reporter, 8)::uuid, 'reportOutcome', NULL,
          (SELECT id FROM chatbots WHERE id = listing), review, NEW.id, NULL, NULL, NEW.outcome);
      END IF;
      RETURN NULL;
    END $fn$`.execute(db);
  await sql`
    CREATE TRIGGER reports_notify_outcome AFTER UPDATE OF status ON reports
    FOR EACH ROW EXECUTE FUNCTION reports_notify_outcome()`.execute(db);

  // A verification request approved or denied.
  await sql`
    CREATE FUNCTION verification_requests_notify() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      IF OLD.status = 'pending' AND NEW.status IN ('approved', 'denied') THEN
        PERFORM notify_member(NEW.user_id, 'verificationOutcome', NEW.decided_by, NULL, NULL, NULL, NULL, NEW.id,
          NEW.status);
      END IF;
      RETURN NULL;
    END $fn$`.execute(db);
  await sql`
    CREATE TRIGGER verification_requests_notify AFTER UPDATE OF status ON verification_requests
    FOR EACH ROW EXECUTE FUNCTION verification_requests_notify()`.execute(db);

  // A moderator's (or the reports' automatic) decision on one's listing.
  await sql`
    CREATE FUNCTION moderation_decisions_notify() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      IF NEW.chatbot_id IS NOT NULL THEN
        PERFORM notify_member(NEW.user_id, 'listingModerated', NULL, NEW.chatbot_id, NULL, NULL, NEW.id, NULL,
          NEW.kind);
      END IF;
      RETURN NULL;
    END $fn$`.execute(db);
  await sql`
    CREATE TRIGGER moderation_decisions_notify AFTER INSERT ON moderation_decisions
    FOR EACH ROW EXECUTE FUNCTION moderation_decisions_notify()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS moderation_decisions_notify ON moderation_decisions`.execute(db);
  await sql`DROP TRIGGER IF EXISTS verification_requests_notify ON verification_requests`.execute(db);
  await sql`DROP TRIGGER IF EXISTS reports_notify_outcome ON reports`.execute(db);
  await sql`DROP TRIGGER IF EXISTS reviews_notify ON reviews`.execute(db);
  await sql`DROP TRIGGER IF EXISTS chatbots_notify_followers ON chatbots`.execute(db);
  await sql`DROP TABLE IF EXISTS notifications`.execute(db);
  await sql`DROP TABLE IF EXISTS notification_opt_outs`.execute(db);
  for (const fn of [
    "moderation_decisions_notify",
    "verification_requests_notify",
    "reports_notify_outcome",
    "reviews_notify",
    "chatbots_notify_followers",
    "notifications_announce",
    "notify_member",
  ])
    await sql`DROP FUNCTION IF EXISTS ${sql.raw(fn)}`.execute(db);
}
