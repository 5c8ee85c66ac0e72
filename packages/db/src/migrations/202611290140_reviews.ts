import { type Kysely, sql } from "kysely";

/**
 * Reviews (issue 38 §1): a member's 1-5 stars with an optional text on a listing, helpful votes, the creator's
 * reply, and the average kept by the database.
 * - `reviews`: one per (member, listing); rating 1-5; text and reply at most 2,000 characters each; hidden by a
 *   moderator (`hidden_at`), or out of sight while its author is suspended (`author_suspended`, kept by a trigger
 *   on users.suspended_at); `author_address` the day's keyed hash of the author's address as the app sees it
 *   (request.ip as TRUST_PROXY resolves it, an IPv6 /64 as one: stats/visitor.ts; no address is stored), with
 *   `rated_on` its UTC day; `counts_in_average`: the first review of a listing from one address on one day, set
 *   by the BEFORE INSERT trigger under a lock per (listing, address, day), so several accounts on one address
 *   weigh once; when that review is deleted, the next one of the same address and day takes its place.
 * - `review_helpful_votes`: one per member and review; `reviews.helpful_count` kept by a trigger.
 * - `chatbots.rating_count`/`rating_sum`: the reviews that count in the average (counted, not hidden, author not
 *   suspended), kept by a trigger on every insert, delete and change of those columns, so no read recounts;
 *   `rating_score` the Bayesian average the Top rated order sorts by, generated from them with the declared prior
 *   (packages/schema reviews-texts.ts RATING_PRIOR: 5 reviews at 3.5): (5 * 3.5 + sum) / (5 + count).
 * - A write to reviews notifies `shapes` (0010), so no shared copy of a review list outlives a change.
 * - Reports may name a review (`target_kind = 'review'`), and the audit log may too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE chatbots
      ADD COLUMN rating_count int NOT NULL DEFAULT 0,
      ADD COLUMN rating_sum int NOT NULL DEFAULT 0,
      ADD COLUMN rating_score float8 NOT NULL
        GENERATED ALWAYS AS ((5 * 3.5 + rating_sum) / (5 + rating_count)) STORED`.execute(db);
  await sql`
    CREATE TABLE reviews (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      chatbot_id uuid NOT NULL REFERENCES chatbots (id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      rating smallint NOT NULL CONSTRAINT reviews_rating_check CHECK (rating BETWEEN 1 AND 5),
      body text CONSTRAINT reviews_body_length CHECK (char_length(body) <= 2000),
      helpful_count int NOT NULL DEFAULT 0,
      reply text CONSTRAINT reviews_reply_length CHECK (char_length(reply) <= 2000),
      replied_at timestamptz,
      reply_updated_at timestamptz,
      hidden_at timestamptz,
      hidden_reason text,
      author_suspended boolean NOT NULL DEFAULT false,
      author_address bytea NOT NULL,
      rated_on date NOT NULL DEFAULT (now() AT TIME ZONE 'UTC')::date,
      counts_in_average boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT reviews_one_per_member UNIQUE (chatbot_id, user_id)
    )`.execute(db);
  // A listing's shown reviews, newest and most helpful first (keyset paging, id as the tie-break).
  await sql`
    CREATE INDEX reviews_newest_idx ON reviews (chatbot_id, created_at DESC, id DESC)
      WHERE hidden_at IS NULL AND NOT author_suspended`.execute(db);
  await sql`
    CREATE INDEX reviews_helpful_idx ON reviews (chatbot_id, helpful_count DESC, id DESC)
      WHERE hidden_at IS NULL AND NOT author_suspended`.execute(db);
  await sql`CREATE INDEX reviews_user_idx ON reviews (user_id)`.execute(db);
  await sql`CREATE INDEX reviews_address_idx ON reviews (chatbot_id, author_address, rated_on, created_at)`.execute(db);
  await sql`
    CREATE TABLE review_helpful_votes (
      review_id uuid NOT NULL REFERENCES reviews (id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (review_id, user_id)
    )`.execute(db);
  await sql`CREATE INDEX review_helpful_votes_user_idx ON review_helpful_votes (user_id, review_id)`.execute(db);

  // Which review of one address and day counts, decided under a lock of that (listing, address, day).
  await sql`
    CREATE FUNCTION reviews_before_insert() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      PERFORM pg_advisory_xact_lock(hashtextextended(
        NEW.chatbot_id::text || encode(NEW.author_address, 'hex') || NEW.rated_on::text, 38));
      NEW.counts_in_average := NOT EXISTS (
        SELECT FROM reviews r WHERE r.chatbot_id = NEW.chatbot_id AND r.author_address = NEW.author_address
          AND r.rated_on = NEW.rated_on AND r.counts_in_average);
      NEW.author_suspended := EXISTS (SELECT FROM users u WHERE u.id = NEW.user_id AND u.suspended_at IS NOT NULL);
      RETURN NEW;
    END $fn$`.execute(db);
  await sql`
    CREATE TRIGGER reviews_before_insert BEFORE INSERT ON reviews
      FOR EACH ROW EXECUTE FUNCTION reviews_before_insert()`.execute(db);

  // The listing's count and sum: what a review adds before and after the change, the difference applied.
  await sql`
    CREATE FUNCTION reviews_keep_rating() RETURNS trigger LANGUAGE plpgsql AS $fn$
    DECLARE
      was boolean := false;
      now_in boolean := false;
      listing uuid;
    BEGIN
      IF TG_OP <> 'INSERT' THEN
        was := OLD.counts_in_average AND OLD.hidden_at IS NULL AND NOT OLD.author_suspended;
        listing := OLD.chatbot_id;
      END IF;
      IF TG_OP <> 'DELETE' THEN
        now_in := NEW.counts_in_average AND NEW.hidden_at IS NULL AND NOT NEW.author_suspended;
        listing := NEW.chatbot_id;
      END IF;
      IF was OR now_in THEN
        UPDATE chatbots SET
          rating_count = rating_count + now_in::int - was::int,
          rating_sum = rating_sum + CASE WHEN now_in THEN NEW.rating ELSE 0 END - CASE WHEN was THEN OLD.rating ELSE 0 END
        WHERE id = listing
          AND (was IS DISTINCT FROM now_in OR OLD.rating IS DISTINCT FROM NEW.rating);
      END IF;
      -- The counted review of an address and day deleted: the next one of them counts instead.
      IF TG_OP = 'DELETE' AND OLD.counts_in_average THEN
        UPDATE reviews SET counts_in_average = true WHERE id = (
          SELECT r.id FROM reviews r WHERE r.chatbot_id = OLD.chatbot_id AND r.author_address = OLD.author_address
            AND r.rated_on = OLD.rated_on ORDER BY r.created_at, r.id LIMIT 1);
      END IF;
      RETURN NULL;
    END $fn$`.execute(db);
  await sql`
    CREATE TRIGGER reviews_keep_rating
      AFTER INSERT OR DELETE OR UPDATE OF rating, hidden_at, author_suspended, counts_in_average ON reviews
      FOR EACH ROW EXECUTE FUNCTION reviews_keep_rating()`.execute(db);

  await sql`
    CREATE FUNCTION review_helpful_votes_count() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        UPDATE reviews SET helpful_count = helpful_count + 1 WHERE id = NEW.review_id;
      ELSE
        UPDATE reviews SET helpful_count = helpful_count - 1 WHERE id = OLD.review_id;
      END IF;
      RETURN NULL;
    END $fn$`.execute(db);
  await sql`
    CREATE TRIGGER review_helpful_votes_count AFTER INSERT OR DELETE ON review_helpful_votes
      FOR EACH ROW EXECUTE FUNCTION review_helpful_votes_count()`.execute(db);

  // A member's suspension hides their reviews (and takes them out of the averages) until it is lifted. The
  // listings they reviewed are locked in id order first, as every write of many listings does.
  await sql`
    CREATE FUNCTION users_suspend_reviews() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      PERFORM 1 FROM chatbots WHERE id IN (SELECT chatbot_id FROM reviews WHERE user_id = NEW.id)
        ORDER BY id FOR NO KEY UPDATE;
      UPDATE reviews SET author_suspended = (NEW.suspended_at IS NOT NULL)
        WHERE user_id = NEW.id AND author_suspended IS DISTINCT FROM (NEW.suspended_at IS NOT NULL);
      RETURN NULL;
    END $fn$`.execute(db);
  await sql`
    CREATE TRIGGER users_suspend_reviews AFTER UPDATE OF suspended_at ON users
      FOR EACH ROW WHEN ((OLD.suspended_at IS NULL) IS DISTINCT FROM (NEW.suspended_at IS NULL))
      EXECUTE FUNCTION users_suspend_reviews()`.execute(db);

  // What a listing's reviews show changed (a text, a reply, a helpful mark, a moderator's hiding): the shared
  // copies of public reads are dropped, as for a listing (0010).
  await sql`
    CREATE TRIGGER reviews_notify_shapes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON reviews
      FOR EACH STATEMENT EXECUTE FUNCTION notify_gallery_change_kind('shapes')`.execute(db);

  await sql`ALTER TABLE reports DROP CONSTRAINT reports_target_kind_check`.execute(db);
  await sql`
    ALTER TABLE reports ADD CONSTRAINT reports_target_kind_check
      CHECK (target_kind IN ('listing', 'profile', 'review'))`.execute(db);
  await sql`ALTER TABLE audit_log DROP CONSTRAINT audit_log_target_kind_check`.execute(db);
  await sql`
    ALTER TABLE audit_log ADD CONSTRAINT audit_log_target_kind_check
      CHECK (target_kind IN ('listing', 'user', 'report', 'job', 'review'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM audit_log WHERE target_kind = 'review'`.execute(db);
  await sql`ALTER TABLE audit_log DROP CONSTRAINT audit_log_target_kind_check`.execute(db);
  await sql`
    ALTER TABLE audit_log ADD CONSTRAINT audit_log_target_kind_check
      CHECK (target_kind IN ('listing', 'user', 'report', 'job'))`.execute(db);
  await sql`DELETE FROM report_targets WHERE target_kind = 'review'`.execute(db);
  await sql`DELETE FROM reports WHERE target_kind = 'review'`.execute(db);
  await sql`ALTER TABLE reports DROP CONSTRAINT reports_target_kind_check`.execute(db);
  await sql`
    ALTER TABLE reports ADD CONSTRAINT reports_target_kind_check
      CHECK (target_kind IN ('listing', 'profile'))`.execute(db);
  await sql`DROP TRIGGER IF EXISTS users_suspend_reviews ON users`.execute(db);
  await sql`DROP FUNCTION IF EXISTS users_suspend_reviews()`.execute(db);
  await sql`DROP TABLE IF EXISTS review_helpful_votes`.execute(db);
  await sql`DROP TABLE IF EXISTS reviews`.execute(db);
  await sql`DROP FUNCTION IF EXISTS review_helpful_votes_count()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS reviews_keep_rating()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS reviews_before_insert()`.execute(db);
  await sql`ALTER TABLE chatbots DROP COLUMN rating_score, DROP COLUMN rating_count, DROP COLUMN rating_sum`.execute(
    db,
  );
}
