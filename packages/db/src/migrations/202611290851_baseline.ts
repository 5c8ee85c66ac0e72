// The schema the migrations before this one built (0001_initial … 202611290850_search_lexicon, squashed at
// a5b13c2), written once. SCHEMA and AFTER_PARTS are `pg_dump --schema-only` of a database those migrations built,
// without pg_dump's settings and schema names, and without what the parts declared in the api install: those
// follow as DECLARED, in the generated migrations' format (apps/api/scripts/generated-migrations.ts), so `pnpm gen`
// finds them installed and writes a new migration only when a declaration changes. A database the squashed
// migrations built takes this one in their place without running it (src/migrate.ts, adoptBaseline).
import { type Kysely, sql } from "kysely";

/** The extension, functions, tables, keys and indexes, in pg_dump's order (each before what uses it). */
const SCHEMA = `
-- As pg_dump restores it: the SQL functions' bodies name tables created further down.
SET LOCAL check_function_bodies = off;

CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE FUNCTION audit_log_immutable() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
    BEGIN
      RAISE EXCEPTION 'audit log entries cannot be changed or deleted' USING ERRCODE = 'insufficient_privilege';
    END $$;

CREATE FUNCTION chatbot_search_doc(title text, tags text[], user_id uuid, story_series text, tagline text, description text) RETURNS tsvector
    LANGUAGE sql STABLE
    AS $$
    SELECT setweight(to_tsvector('simple', translate(coalesce(title, ''), '<>&', '   ')), 'A')
      || setweight(to_tsvector('simple', translate(coalesce(array_to_string(tags, ' '), ''), '<>&', '   ')), 'B')
      || setweight(to_tsvector('simple', translate(concat_ws(' ', (SELECT u.search_name FROM users u WHERE u.id = user_id),
           story_series), '<>&', '   ')), 'C')
      || setweight(to_tsvector('simple', translate(concat_ws(' ', tagline, description), '<>&', '   ')), 'D')
  $$;

CREATE FUNCTION chatbots_notify_followers() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
    BEGIN
      IF NEW.hidden_at IS NOT NULL THEN RETURN NULL; END IF;
      INSERT INTO notifications (recipient_id, kind, actor_id, listing_id)
      SELECT f.follower_id, 'newListing', NEW.user_id, NEW.id
      FROM follows f JOIN users u ON u.id = f.follower_id
      WHERE f.followee_id = NEW.user_id AND f.follower_id <> NEW.user_id
        AND (NOT NEW.nsfw OR (u.nsfw_display <> 'hide' AND u.birth_date <= current_date - interval '18 years'))
        AND NOT EXISTS (SELECT FROM notification_opt_outs o WHERE o.user_id = f.follower_id AND o.kind = 'newListing');
      RETURN NULL;
    END $$;

CREATE FUNCTION chatbots_set_search_doc() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
  BEGIN
    NEW.search_doc := chatbot_search_doc(NEW.title, NEW.tags, NEW.user_id, NEW.story_series, NEW.tagline,
      NEW.description);
    IF TG_OP = 'INSERT' OR NEW.search_doc IS DISTINCT FROM OLD.search_doc THEN
      INSERT INTO search_words (word)
        SELECT w FROM unnest(tsvector_to_array(ts_filter(NEW.search_doc, '{a,b,c}'))) AS w
        WHERE length(w) BETWEEN 2 AND 60 ORDER BY w
      ON CONFLICT DO NOTHING;
      INSERT INTO search_lexicon (word)
        SELECT w FROM unnest(tsvector_to_array(NEW.search_doc)) AS w ORDER BY w COLLATE "C"
      ON CONFLICT DO NOTHING;
    END IF;
    RETURN NEW;
  END $$;

CREATE FUNCTION chatbots_set_search_text() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
    BEGIN
      NEW.search_text := lower(concat_ws(' ', NEW.title, array_to_string(NEW.tags, ' '),
        (SELECT search_name FROM users WHERE id = NEW.user_id)));
      RETURN NEW;
    END $$;

CREATE FUNCTION favorites_count() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        UPDATE chatbots SET favorite_count = favorite_count + 1 WHERE id = NEW.chatbot_id;
      ELSE
        UPDATE chatbots SET favorite_count = favorite_count - 1 WHERE id = OLD.chatbot_id;
      END IF;
      RETURN NULL;
    END $$;

CREATE FUNCTION follows_count() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        UPDATE users SET follower_count = follower_count + 1 WHERE id = NEW.followee_id;
      ELSE
        UPDATE users SET follower_count = follower_count - 1 WHERE id = OLD.followee_id;
      END IF;
      RETURN NULL;
    END $$;

CREATE FUNCTION moderation_decisions_notify() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
    BEGIN
      IF NEW.chatbot_id IS NOT NULL THEN
        PERFORM notify_member(NEW.user_id, 'listingModerated', NULL, NEW.chatbot_id, NULL, NULL, NEW.id, NULL,
          NEW.kind);
      END IF;
      RETURN NULL;
    END $$;

CREATE FUNCTION notifications_announce() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
    DECLARE
      recipients text[];
    BEGIN
      SELECT array_agg(DISTINCT recipient_id::text) INTO recipients FROM (SELECT recipient_id FROM changed LIMIT 101) c;
      IF recipients IS NULL THEN RETURN NULL; END IF;
      PERFORM pg_notify('gallery_notifications',
        CASE WHEN cardinality(recipients) > 100 THEN '*' ELSE array_to_string(recipients, ',') END);
      RETURN NULL;
    END $$;

CREATE FUNCTION notify_member(recipient uuid, what text, actor uuid, listing uuid, review uuid, report uuid, decision uuid, verification uuid, result text) RETURNS void
    LANGUAGE plpgsql
    AS $$
    BEGIN
      IF recipient IS NULL OR recipient = actor THEN RETURN; END IF;
      IF EXISTS (SELECT FROM notification_opt_outs o WHERE o.user_id = recipient AND o.kind = what) THEN RETURN; END IF;
      INSERT INTO notifications (recipient_id, kind, actor_id, listing_id, review_id, report_id, decision_id,
        verification_id, outcome)
      VALUES (recipient, what, actor, listing, review, report, decision, verification, result);
    END $$;

CREATE FUNCTION reports_notify_outcome() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
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
    END $$;

CREATE FUNCTION review_helpful_votes_count() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        UPDATE reviews SET helpful_count = helpful_count + 1 WHERE id = NEW.review_id;
      ELSE
        UPDATE reviews SET helpful_count = helpful_count - 1 WHERE id = OLD.review_id;
      END IF;
      RETURN NULL;
    END $$;

CREATE FUNCTION reviews_before_insert() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
    BEGIN
      PERFORM pg_advisory_xact_lock(hashtextextended(
        NEW.chatbot_id::text || encode(NEW.author_address, 'hex') || NEW.rated_on::text, 38));
      NEW.counts_in_average := NOT EXISTS (
        SELECT FROM reviews r WHERE r.chatbot_id = NEW.chatbot_id AND r.author_address = NEW.author_address
          AND r.rated_on = NEW.rated_on AND r.counts_in_average);
      NEW.author_suspended := EXISTS (SELECT FROM users u WHERE u.id = NEW.user_id AND u.suspended_at IS NOT NULL);
      RETURN NEW;
    END $$;

CREATE FUNCTION reviews_keep_rating() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
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
    END $$;

CREATE FUNCTION reviews_notify() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
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
    END $$;

CREATE FUNCTION reviews_notify_update() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
    BEGIN
      IF EXISTS (
        SELECT FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id
        WHERE o.id IS NULL OR (to_jsonb(o) - 'helpful_count') IS DISTINCT FROM (to_jsonb(n) - 'helpful_count')
      ) THEN
        PERFORM pg_notify('gallery_changed', 'shapes');
      ELSIF EXISTS (SELECT FROM new_rows) THEN
        PERFORM pg_notify('gallery_changed', 'helpful');
      END IF;
      RETURN NULL;
    END $$;

CREATE FUNCTION search_tier_of(score integer, id uuid) RETURNS smallint
    LANGUAGE sql STABLE
    AS $$
    SELECT count(*)::smallint FROM search_tiers t WHERE (score, id) <= (t.first_score, t.first_id)
  $$;

CREATE FUNCTION search_tier_query(query text, tier integer) RETURNS tsquery
    LANGUAGE sql IMMUTABLE
    AS $$
    SELECT replace(query, '~T~', '~' || tier || '~')::tsquery
  $$;

CREATE FUNCTION search_tiered(doc tsvector, tier smallint) RETURNS tsvector
    LANGUAGE sql IMMUTABLE
    AS $$
    SELECT regexp_replace(doc::text, '(^| )''', '\\1''~' || tier || '~', 'g')::tsvector
  $$;

CREATE FUNCTION users_refresh_chatbot_search() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
    BEGIN
      IF NEW.search_name IS DISTINCT FROM OLD.search_name THEN
        UPDATE chatbots SET title = title WHERE user_id = NEW.id;
      END IF;
      RETURN NULL;
    END $$;

CREATE FUNCTION users_set_search_name() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
    BEGIN
      NEW.search_name := lower(concat_ws(' ', NEW.nickname, NEW.first_name, NEW.last_name));
      RETURN NEW;
    END $$;

CREATE FUNCTION users_suspend_reviews() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
    BEGIN
      PERFORM 1 FROM chatbots WHERE id IN (SELECT chatbot_id FROM reviews WHERE user_id = NEW.id)
        ORDER BY id FOR NO KEY UPDATE;
      UPDATE reviews SET author_suspended = (NEW.suspended_at IS NOT NULL)
        WHERE user_id = NEW.id AND author_suspended IS DISTINCT FROM (NEW.suspended_at IS NOT NULL);
      RETURN NULL;
    END $$;

CREATE FUNCTION verification_requests_notify() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
    BEGIN
      IF OLD.status = 'pending' AND NEW.status IN ('approved', 'denied') THEN
        PERFORM notify_member(NEW.user_id, 'verificationOutcome', NEW.decided_by, NULL, NULL, NULL, NULL, NEW.id,
          NEW.status);
      END IF;
      RETURN NULL;
    END $$;


SET default_tablespace = '';

SET default_table_access_method = heap;

CREATE TABLE api_tokens (
    id text NOT NULL,
    user_id uuid NOT NULL,
    name text NOT NULL,
    secret_hash bytea NOT NULL,
    scope text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone,
    last_used_at timestamp with time zone,
    CONSTRAINT api_tokens_scope_check CHECK ((scope = ANY (ARRAY['read'::text, 'write'::text, 'admin'::text])))
);

CREATE TABLE audit_log (
    id bigint NOT NULL,
    at timestamp with time zone DEFAULT now() NOT NULL,
    moderator_id uuid,
    moderator_name text NOT NULL,
    action text NOT NULL,
    target_kind text NOT NULL,
    target_id text,
    target_label text NOT NULL,
    before jsonb,
    after jsonb,
    CONSTRAINT audit_log_target_kind_check CHECK ((target_kind = ANY (ARRAY['listing'::text, 'user'::text, 'report'::text, 'job'::text, 'review'::text])))
);

ALTER TABLE audit_log ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME audit_log_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE chatbots (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    title text NOT NULL,
    tags text[] DEFAULT '{}'::text[] NOT NULL,
    polybuzz_cid text,
    polybuzz_url text,
    roleplaya_cid text,
    roleplaya_url text,
    story_series text,
    nsfw boolean DEFAULT false NOT NULL,
    image_url text,
    image_key text,
    thumbnail_key text,
    user_id uuid NOT NULL,
    search_text text DEFAULT ''::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    tagline text,
    description text,
    popular_score integer DEFAULT 0 NOT NULL,
    trending_score double precision DEFAULT 0 NOT NULL,
    favorite_count integer DEFAULT 0 NOT NULL,
    listing_json text,
    hidden_at timestamp with time zone,
    hidden_reason text,
    review_pending boolean DEFAULT false NOT NULL,
    owner_suspended boolean DEFAULT false NOT NULL,
    withheld boolean GENERATED ALWAYS AS (((hidden_at IS NOT NULL) OR review_pending OR owner_suspended)) STORED NOT NULL,
    image_focus_x smallint DEFAULT 50 NOT NULL,
    image_focus_y smallint DEFAULT 25 NOT NULL,
    chats_this_week integer DEFAULT 0 NOT NULL,
    search_doc tsvector DEFAULT ''::tsvector NOT NULL,
    rating_count integer DEFAULT 0 NOT NULL,
    rating_sum integer DEFAULT 0 NOT NULL,
    rating_score double precision GENERATED ALWAYS AS (((((5)::numeric * 3.5) + (rating_sum)::numeric) / ((5 + rating_count))::numeric)) STORED NOT NULL,
    CONSTRAINT chatbots_image_focus_x_check CHECK (((image_focus_x >= 0) AND (image_focus_x <= 100))),
    CONSTRAINT chatbots_image_focus_y_check CHECK (((image_focus_y >= 0) AND (image_focus_y <= 100)))
);

CREATE TABLE collection_items (
    collection_id uuid NOT NULL,
    chatbot_id uuid NOT NULL,
    "position" integer NOT NULL,
    added_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT collection_items_position_check CHECK (("position" >= 0))
);

CREATE TABLE collections (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    title text NOT NULL,
    description text,
    is_public boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT collections_description_length CHECK ((char_length(description) <= 500)),
    CONSTRAINT collections_title_length CHECK (((char_length(title) >= 1) AND (char_length(title) <= 80)))
);

CREATE TABLE favorites (
    user_id uuid NOT NULL,
    chatbot_id uuid NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE follows (
    follower_id uuid NOT NULL,
    followee_id uuid NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT follows_not_self CHECK ((follower_id <> followee_id))
);

CREATE TABLE listing_stats_daily (
    chatbot_id uuid NOT NULL,
    day date NOT NULL,
    kind text NOT NULL,
    count integer NOT NULL,
    CONSTRAINT listing_stats_daily_count_check CHECK ((count >= 0))
);

CREATE TABLE listing_stats_salts (
    day date NOT NULL,
    salt bytea NOT NULL
);

CREATE TABLE listing_stats_visitors (
    day date NOT NULL,
    chatbot_id uuid NOT NULL,
    kind text NOT NULL,
    visitor bytea NOT NULL
);

CREATE TABLE maintenance_jobs (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    kind text NOT NULL,
    status text DEFAULT 'running'::text NOT NULL,
    checkpoint jsonb,
    done integer DEFAULT 0 NOT NULL,
    total integer,
    counts jsonb DEFAULT '{}'::jsonb NOT NULL,
    error text,
    error_retryable boolean DEFAULT false NOT NULL,
    lease_owner text,
    lease_until timestamp with time zone DEFAULT now() NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    finished_at timestamp with time zone,
    CONSTRAINT maintenance_jobs_status_check CHECK ((status = ANY (ARRAY['running'::text, 'succeeded'::text, 'failed'::text])))
);

CREATE TABLE moderation_decisions (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    chatbot_id uuid,
    kind text NOT NULL,
    reason text,
    appealed_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    decided_by text,
    appeal_message text,
    CONSTRAINT moderation_decisions_appeal_message_length CHECK ((char_length(appeal_message) <= 500)),
    CONSTRAINT moderation_decisions_kind_check CHECK ((kind = ANY (ARRAY['hidden'::text, 'autoHidden'::text, 'restored'::text, 'markedNsfw'::text, 'edited'::text, 'suspended'::text, 'lifted'::text])))
);

CREATE TABLE notification_opt_outs (
    user_id uuid NOT NULL,
    kind text NOT NULL,
    CONSTRAINT notification_opt_outs_kind_check CHECK ((kind = ANY (ARRAY['newListing'::text, 'review'::text, 'reply'::text, 'reportOutcome'::text, 'appealOutcome'::text, 'verificationOutcome'::text, 'listingModerated'::text])))
);

CREATE TABLE notifications (
    id bigint NOT NULL,
    recipient_id uuid NOT NULL,
    kind text NOT NULL,
    actor_id uuid,
    listing_id uuid,
    review_id uuid,
    report_id uuid,
    decision_id uuid,
    verification_id uuid,
    outcome text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    read_at timestamp with time zone,
    CONSTRAINT notifications_kind_check CHECK ((kind = ANY (ARRAY['newListing'::text, 'review'::text, 'reply'::text, 'reportOutcome'::text, 'appealOutcome'::text, 'verificationOutcome'::text, 'listingModerated'::text])))
);

ALTER TABLE notifications ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME notifications_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE UNLOGGED TABLE rate_limits (
    key text NOT NULL,
    hits integer NOT NULL,
    expires_at timestamp with time zone NOT NULL
);

CREATE TABLE report_targets (
    target_kind text NOT NULL,
    target_id uuid NOT NULL,
    open_count integer DEFAULT 0 NOT NULL,
    reason_counts jsonb DEFAULT '{}'::jsonb NOT NULL,
    last_report_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE reports (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    target_kind text NOT NULL,
    target_id uuid NOT NULL,
    reporter text NOT NULL,
    reporter_weight integer DEFAULT 1 NOT NULL,
    reason text NOT NULL,
    details text,
    original_url text,
    related_id uuid,
    status text DEFAULT 'open'::text NOT NULL,
    outcome text,
    closed_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    reporter_address bytea,
    reporter_network bytea,
    CONSTRAINT reports_reason_check CHECK ((reason = ANY (ARRAY['mislabelled'::text, 'stolen'::text, 'broken_link'::text, 'illegal'::text, 'spam'::text, 'other'::text, 'appeal'::text, 'duplicate'::text]))),
    CONSTRAINT reports_status_check CHECK ((status = ANY (ARRAY['open'::text, 'closed'::text]))),
    CONSTRAINT reports_target_kind_check CHECK ((target_kind = ANY (ARRAY['listing'::text, 'profile'::text, 'review'::text])))
);

CREATE TABLE review_helpful_votes (
    review_id uuid NOT NULL,
    user_id uuid NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE reviews (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    chatbot_id uuid NOT NULL,
    user_id uuid NOT NULL,
    rating smallint NOT NULL,
    body text,
    helpful_count integer DEFAULT 0 NOT NULL,
    reply text,
    replied_at timestamp with time zone,
    reply_updated_at timestamp with time zone,
    hidden_at timestamp with time zone,
    hidden_reason text,
    author_suspended boolean DEFAULT false NOT NULL,
    author_address bytea NOT NULL,
    rated_on date DEFAULT ((now() AT TIME ZONE 'UTC'::text))::date NOT NULL,
    counts_in_average boolean DEFAULT true NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT reviews_body_length CHECK ((char_length(body) <= 2000)),
    CONSTRAINT reviews_rating_check CHECK (((rating >= 1) AND (rating <= 5))),
    CONSTRAINT reviews_reply_length CHECK ((char_length(reply) <= 2000))
);

CREATE TABLE search_lexicon (
    word text NOT NULL COLLATE pg_catalog."C"
);

CREATE TABLE search_tiers (
    tier smallint NOT NULL,
    first_score integer NOT NULL,
    first_id uuid NOT NULL,
    CONSTRAINT search_tiers_tier_check CHECK ((tier > 0))
);

CREATE TABLE search_words (
    word text NOT NULL
);

CREATE TABLE session (
    sid character varying NOT NULL,
    sess json NOT NULL,
    expire timestamp(6) without time zone NOT NULL
);

CREATE TABLE users (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    firebase_uid text,
    email text,
    first_name text,
    last_name text,
    nickname character varying(32),
    profile_image_url text,
    avatar_url text,
    avatar_key text,
    about text,
    instagram_url text,
    bluesky_url text,
    facebook_url text,
    twitter_url text,
    kofi_url text,
    patreon_url text,
    date_of_birth text,
    terms_accepted boolean DEFAULT false NOT NULL,
    privacy_accepted boolean DEFAULT false NOT NULL,
    age_verified boolean DEFAULT false NOT NULL,
    is_approved boolean DEFAULT true NOT NULL,
    is_admin boolean DEFAULT false NOT NULL,
    is_super_admin boolean DEFAULT false NOT NULL,
    search_name text DEFAULT ''::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    follower_count integer DEFAULT 0 NOT NULL,
    blocked_tags text[] DEFAULT '{}'::text[] NOT NULL,
    nsfw_display text DEFAULT 'show'::text NOT NULL,
    creator_json text,
    suspended_at timestamp with time zone,
    suspension_reason text,
    verified_at timestamp with time zone,
    birth_date date,
    show_email boolean DEFAULT true NOT NULL,
    email_verified boolean DEFAULT false NOT NULL,
    CONSTRAINT users_nsfw_display_check CHECK ((nsfw_display = ANY (ARRAY['show'::text, 'blur'::text, 'hide'::text])))
);

CREATE TABLE verification_requests (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    text text NOT NULL,
    links text[] NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    decided_by uuid,
    decided_at timestamp with time zone,
    reason text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT verification_requests_links_check CHECK (((cardinality(links) >= 1) AND (cardinality(links) <= 5))),
    CONSTRAINT verification_requests_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'approved'::text, 'denied'::text, 'withdrawn'::text]))),
    CONSTRAINT verification_requests_text_check CHECK (((char_length(text) >= 1) AND (char_length(text) <= 500)))
);

ALTER TABLE ONLY api_tokens
    ADD CONSTRAINT api_tokens_pkey PRIMARY KEY (id);

ALTER TABLE ONLY audit_log
    ADD CONSTRAINT audit_log_pkey PRIMARY KEY (id);

ALTER TABLE ONLY chatbots
    ADD CONSTRAINT chatbots_pkey PRIMARY KEY (id);

ALTER TABLE ONLY collection_items
    ADD CONSTRAINT collection_items_pkey PRIMARY KEY (collection_id, chatbot_id);

ALTER TABLE ONLY collection_items
    ADD CONSTRAINT collection_items_position_unique UNIQUE (collection_id, "position") DEFERRABLE INITIALLY DEFERRED;

ALTER TABLE ONLY collections
    ADD CONSTRAINT collections_pkey PRIMARY KEY (id);

ALTER TABLE ONLY favorites
    ADD CONSTRAINT favorites_pkey PRIMARY KEY (user_id, chatbot_id);

ALTER TABLE ONLY follows
    ADD CONSTRAINT follows_pkey PRIMARY KEY (follower_id, followee_id);

ALTER TABLE ONLY listing_stats_daily
    ADD CONSTRAINT listing_stats_daily_pkey PRIMARY KEY (chatbot_id, day, kind);

ALTER TABLE ONLY listing_stats_salts
    ADD CONSTRAINT listing_stats_salts_pkey PRIMARY KEY (day);

ALTER TABLE ONLY listing_stats_visitors
    ADD CONSTRAINT listing_stats_visitors_pkey PRIMARY KEY (day, chatbot_id, kind, visitor);

ALTER TABLE ONLY maintenance_jobs
    ADD CONSTRAINT maintenance_jobs_pkey PRIMARY KEY (id);

ALTER TABLE ONLY moderation_decisions
    ADD CONSTRAINT moderation_decisions_pkey PRIMARY KEY (id);

ALTER TABLE ONLY notification_opt_outs
    ADD CONSTRAINT notification_opt_outs_pkey PRIMARY KEY (user_id, kind);

ALTER TABLE ONLY notifications
    ADD CONSTRAINT notifications_pkey PRIMARY KEY (id);

ALTER TABLE ONLY rate_limits
    ADD CONSTRAINT rate_limits_pkey PRIMARY KEY (key);

ALTER TABLE ONLY report_targets
    ADD CONSTRAINT report_targets_pkey PRIMARY KEY (target_kind, target_id);

ALTER TABLE ONLY reports
    ADD CONSTRAINT reports_pkey PRIMARY KEY (id);

ALTER TABLE ONLY review_helpful_votes
    ADD CONSTRAINT review_helpful_votes_pkey PRIMARY KEY (review_id, user_id);

ALTER TABLE ONLY reviews
    ADD CONSTRAINT reviews_one_per_member UNIQUE (chatbot_id, user_id);

ALTER TABLE ONLY reviews
    ADD CONSTRAINT reviews_pkey PRIMARY KEY (id);

ALTER TABLE ONLY search_lexicon
    ADD CONSTRAINT search_lexicon_pkey PRIMARY KEY (word);

ALTER TABLE ONLY search_tiers
    ADD CONSTRAINT search_tiers_pkey PRIMARY KEY (tier);

ALTER TABLE ONLY search_words
    ADD CONSTRAINT search_words_pkey PRIMARY KEY (word);

ALTER TABLE ONLY session
    ADD CONSTRAINT session_pkey PRIMARY KEY (sid);

ALTER TABLE ONLY users
    ADD CONSTRAINT users_email_key UNIQUE (email);

ALTER TABLE ONLY users
    ADD CONSTRAINT users_firebase_uid_key UNIQUE (firebase_uid);

ALTER TABLE ONLY users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id);

ALTER TABLE ONLY verification_requests
    ADD CONSTRAINT verification_requests_pkey PRIMARY KEY (id);

CREATE INDEX api_tokens_user_idx ON api_tokens USING btree (user_id, created_at DESC);

CREATE INDEX audit_log_action_idx ON audit_log USING btree (action, id DESC);

CREATE INDEX audit_log_moderator_idx ON audit_log USING btree (moderator_id, id DESC);

CREATE INDEX audit_log_target_idx ON audit_log USING btree (target_id, id DESC);

CREATE INDEX chatbots_image_key_idx ON chatbots USING btree (image_key) WHERE (image_key IS NOT NULL);

CREATE INDEX chatbots_search_doc_idx ON chatbots USING gin (search_doc);

CREATE INDEX chatbots_search_trgm_idx ON chatbots USING gin (search_text gin_trgm_ops);

CREATE INDEX chatbots_series_newest_idx ON chatbots USING btree (user_id, story_series, created_at DESC, id DESC);

CREATE INDEX chatbots_sfw_id_idx ON chatbots USING btree (id) WHERE (nsfw = false);

CREATE INDEX chatbots_tags_idx ON chatbots USING gin (tags);

CREATE INDEX chatbots_thumbnail_key_idx ON chatbots USING btree (thumbnail_key) WHERE (thumbnail_key IS NOT NULL);

CREATE INDEX chatbots_user_idx ON chatbots USING btree (user_id, created_at DESC, id DESC);

CREATE INDEX chatbots_withheld_idx ON chatbots USING btree (user_id) WHERE withheld;

CREATE INDEX collection_items_chatbot_idx ON collection_items USING btree (chatbot_id);

CREATE INDEX collections_public_idx ON collections USING btree (id) WHERE is_public;

CREATE INDEX collections_user_idx ON collections USING btree (user_id, created_at DESC, id DESC);

CREATE INDEX favorites_chatbot_idx ON favorites USING btree (chatbot_id);

CREATE INDEX favorites_saved_idx ON favorites USING btree (user_id, created_at DESC, chatbot_id DESC);

CREATE INDEX follows_followee_created_idx ON follows USING btree (followee_id, created_at);

CREATE INDEX listing_stats_daily_day_idx ON listing_stats_daily USING btree (day);

CREATE INDEX maintenance_jobs_newest_idx ON maintenance_jobs USING btree (created_at DESC);

CREATE UNIQUE INDEX maintenance_jobs_one_running ON maintenance_jobs USING btree ((true)) WHERE (status = 'running'::text);

CREATE INDEX moderation_decisions_user_idx ON moderation_decisions USING btree (user_id, created_at DESC);

CREATE INDEX notifications_actor_id_idx ON notifications USING btree (actor_id) WHERE (actor_id IS NOT NULL);

CREATE INDEX notifications_created_idx ON notifications USING btree (created_at, id);

CREATE INDEX notifications_decision_id_idx ON notifications USING btree (decision_id) WHERE (decision_id IS NOT NULL);

CREATE INDEX notifications_listing_id_idx ON notifications USING btree (listing_id) WHERE (listing_id IS NOT NULL);

CREATE INDEX notifications_recipient_idx ON notifications USING btree (recipient_id, id DESC);

CREATE INDEX notifications_report_id_idx ON notifications USING btree (report_id) WHERE (report_id IS NOT NULL);

CREATE INDEX notifications_review_id_idx ON notifications USING btree (review_id) WHERE (review_id IS NOT NULL);

CREATE INDEX notifications_unread_idx ON notifications USING btree (recipient_id) WHERE (read_at IS NULL);

CREATE INDEX notifications_verification_id_idx ON notifications USING btree (verification_id) WHERE (verification_id IS NOT NULL);

CREATE INDEX rate_limits_expires_at_idx ON rate_limits USING btree (expires_at);

CREATE INDEX report_targets_queue_idx ON report_targets USING btree (last_report_at DESC, target_id DESC);

CREATE INDEX reports_address_idx ON reports USING btree (reporter_address, created_at DESC) WHERE (reporter_address IS NOT NULL);

CREATE UNIQUE INDEX reports_one_open_per_reporter ON reports USING btree (target_kind, target_id, reporter) WHERE (status = 'open'::text);

CREATE INDEX reports_open_target_idx ON reports USING btree (target_id, created_at DESC) WHERE (status = 'open'::text);

CREATE INDEX reports_reporter_idx ON reports USING btree (reporter, created_at DESC);

CREATE INDEX review_helpful_votes_user_idx ON review_helpful_votes USING btree (user_id, review_id);

CREATE INDEX reviews_address_idx ON reviews USING btree (chatbot_id, author_address, rated_on, created_at);

CREATE INDEX reviews_helpful_idx ON reviews USING btree (chatbot_id, helpful_count DESC, id DESC) WHERE ((hidden_at IS NULL) AND (NOT author_suspended));

CREATE INDEX reviews_newest_idx ON reviews USING btree (chatbot_id, created_at DESC, id DESC) WHERE ((hidden_at IS NULL) AND (NOT author_suspended));

CREATE INDEX reviews_user_idx ON reviews USING btree (user_id);

CREATE INDEX search_words_trgm_idx ON search_words USING gin (word gin_trgm_ops);

CREATE INDEX session_expire_idx ON session USING btree (expire);

CREATE INDEX users_avatar_key_idx ON users USING btree (avatar_key) WHERE (avatar_key IS NOT NULL);

CREATE UNIQUE INDEX users_nickname_lower_key ON users USING btree (lower((nickname)::text));

CREATE INDEX users_pending_idx ON users USING btree (created_at) WHERE (NOT is_approved);

CREATE UNIQUE INDEX verification_requests_one_pending ON verification_requests USING btree (user_id) WHERE (status = 'pending'::text);

CREATE INDEX verification_requests_pending_idx ON verification_requests USING btree (created_at, id) WHERE (status = 'pending'::text);

CREATE INDEX verification_requests_user_idx ON verification_requests USING btree (user_id, created_at DESC);

ALTER TABLE ONLY api_tokens
    ADD CONSTRAINT api_tokens_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;

ALTER TABLE ONLY chatbots
    ADD CONSTRAINT chatbots_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;

ALTER TABLE ONLY collection_items
    ADD CONSTRAINT collection_items_chatbot_id_fkey FOREIGN KEY (chatbot_id) REFERENCES chatbots(id) ON DELETE CASCADE;

ALTER TABLE ONLY collection_items
    ADD CONSTRAINT collection_items_collection_id_fkey FOREIGN KEY (collection_id) REFERENCES collections(id) ON DELETE CASCADE;

ALTER TABLE ONLY collections
    ADD CONSTRAINT collections_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;

ALTER TABLE ONLY favorites
    ADD CONSTRAINT favorites_chatbot_id_fkey FOREIGN KEY (chatbot_id) REFERENCES chatbots(id) ON DELETE CASCADE;

ALTER TABLE ONLY favorites
    ADD CONSTRAINT favorites_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;

ALTER TABLE ONLY follows
    ADD CONSTRAINT follows_followee_id_fkey FOREIGN KEY (followee_id) REFERENCES users(id) ON DELETE CASCADE;

ALTER TABLE ONLY follows
    ADD CONSTRAINT follows_follower_id_fkey FOREIGN KEY (follower_id) REFERENCES users(id) ON DELETE CASCADE;

ALTER TABLE ONLY moderation_decisions
    ADD CONSTRAINT moderation_decisions_chatbot_id_fkey FOREIGN KEY (chatbot_id) REFERENCES chatbots(id) ON DELETE CASCADE;

ALTER TABLE ONLY moderation_decisions
    ADD CONSTRAINT moderation_decisions_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;

ALTER TABLE ONLY notification_opt_outs
    ADD CONSTRAINT notification_opt_outs_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;

ALTER TABLE ONLY notifications
    ADD CONSTRAINT notifications_actor_id_fkey FOREIGN KEY (actor_id) REFERENCES users(id) ON DELETE SET NULL;

ALTER TABLE ONLY notifications
    ADD CONSTRAINT notifications_decision_id_fkey FOREIGN KEY (decision_id) REFERENCES moderation_decisions(id) ON DELETE SET NULL;

ALTER TABLE ONLY notifications
    ADD CONSTRAINT notifications_listing_id_fkey FOREIGN KEY (listing_id) REFERENCES chatbots(id) ON DELETE SET NULL;

ALTER TABLE ONLY notifications
    ADD CONSTRAINT notifications_recipient_id_fkey FOREIGN KEY (recipient_id) REFERENCES users(id) ON DELETE CASCADE;

ALTER TABLE ONLY notifications
    ADD CONSTRAINT notifications_report_id_fkey FOREIGN KEY (report_id) REFERENCES reports(id) ON DELETE SET NULL;

ALTER TABLE ONLY notifications
    ADD CONSTRAINT notifications_review_id_fkey FOREIGN KEY (review_id) REFERENCES reviews(id) ON DELETE SET NULL;

ALTER TABLE ONLY notifications
    ADD CONSTRAINT notifications_verification_id_fkey FOREIGN KEY (verification_id) REFERENCES verification_requests(id) ON DELETE SET NULL;

ALTER TABLE ONLY review_helpful_votes
    ADD CONSTRAINT review_helpful_votes_review_id_fkey FOREIGN KEY (review_id) REFERENCES reviews(id) ON DELETE CASCADE;

ALTER TABLE ONLY review_helpful_votes
    ADD CONSTRAINT review_helpful_votes_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;

ALTER TABLE ONLY reviews
    ADD CONSTRAINT reviews_chatbot_id_fkey FOREIGN KEY (chatbot_id) REFERENCES chatbots(id) ON DELETE CASCADE;

ALTER TABLE ONLY reviews
    ADD CONSTRAINT reviews_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;

ALTER TABLE ONLY verification_requests
    ADD CONSTRAINT verification_requests_decided_by_fkey FOREIGN KEY (decided_by) REFERENCES users(id) ON DELETE SET NULL;

ALTER TABLE ONLY verification_requests
    ADD CONSTRAINT verification_requests_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
`;

/**
 * The hand-written triggers and the facets copy's foreign key: after the declared parts, since some triggers call
 * notify_gallery_change_kind and the key is on listing_facets, which parts install.
 */
const AFTER_PARTS = `
CREATE TRIGGER audit_log_immutable BEFORE DELETE OR UPDATE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_immutable();

CREATE TRIGGER chatbots_notify_followers AFTER INSERT ON chatbots FOR EACH ROW EXECUTE FUNCTION chatbots_notify_followers();

CREATE TRIGGER chatbots_notify_shapes AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON chatbots FOR EACH STATEMENT EXECUTE FUNCTION notify_gallery_change_kind('shapes');

CREATE TRIGGER chatbots_search_doc BEFORE INSERT OR UPDATE OF title, tags, user_id, story_series, tagline, description ON chatbots FOR EACH ROW EXECUTE FUNCTION chatbots_set_search_doc();

CREATE TRIGGER chatbots_search_text BEFORE INSERT OR UPDATE OF title, tags, user_id ON chatbots FOR EACH ROW EXECUTE FUNCTION chatbots_set_search_text();

CREATE TRIGGER collections_notify_public_update AFTER UPDATE ON collections FOR EACH ROW WHEN ((old.title, old.is_public, old.user_id) IS DISTINCT FROM (new.title, new.is_public, new.user_id)) EXECUTE FUNCTION notify_gallery_change_kind('shapes');

CREATE TRIGGER collections_notify_shapes AFTER INSERT OR DELETE OR TRUNCATE ON collections FOR EACH STATEMENT EXECUTE FUNCTION notify_gallery_change_kind('shapes');

CREATE TRIGGER favorites_count AFTER INSERT OR DELETE ON favorites FOR EACH ROW EXECUTE FUNCTION favorites_count();

CREATE TRIGGER follows_count AFTER INSERT OR DELETE ON follows FOR EACH ROW EXECUTE FUNCTION follows_count();

CREATE TRIGGER moderation_decisions_notify AFTER INSERT ON moderation_decisions FOR EACH ROW EXECUTE FUNCTION moderation_decisions_notify();

CREATE TRIGGER notifications_announce_insert AFTER INSERT ON notifications REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notifications_announce();

CREATE TRIGGER notifications_announce_update AFTER UPDATE ON notifications REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notifications_announce();

CREATE TRIGGER reports_notify_outcome AFTER UPDATE OF status ON reports FOR EACH ROW EXECUTE FUNCTION reports_notify_outcome();

CREATE TRIGGER review_helpful_votes_count AFTER INSERT OR DELETE ON review_helpful_votes FOR EACH ROW EXECUTE FUNCTION review_helpful_votes_count();

CREATE TRIGGER reviews_before_insert BEFORE INSERT ON reviews FOR EACH ROW EXECUTE FUNCTION reviews_before_insert();

CREATE TRIGGER reviews_keep_rating AFTER INSERT OR DELETE OR UPDATE OF rating, hidden_at, author_suspended, counts_in_average ON reviews FOR EACH ROW EXECUTE FUNCTION reviews_keep_rating();

CREATE TRIGGER reviews_notify AFTER INSERT OR UPDATE OF reply ON reviews FOR EACH ROW EXECUTE FUNCTION reviews_notify();

CREATE TRIGGER reviews_notify_shapes AFTER INSERT OR DELETE OR TRUNCATE ON reviews FOR EACH STATEMENT EXECUTE FUNCTION notify_gallery_change_kind('shapes');

CREATE TRIGGER reviews_notify_update AFTER UPDATE ON reviews REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION reviews_notify_update();

CREATE TRIGGER session_notify_ended AFTER DELETE OR TRUNCATE ON session FOR EACH STATEMENT EXECUTE FUNCTION notify_gallery_change_kind('viewers');

CREATE TRIGGER users_notify_shapes AFTER INSERT OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION notify_gallery_change_kind('shapes');

CREATE TRIGGER users_refresh_chatbot_search AFTER UPDATE OF nickname, first_name, last_name ON users FOR EACH ROW EXECUTE FUNCTION users_refresh_chatbot_search();

CREATE TRIGGER users_search_name BEFORE INSERT OR UPDATE OF nickname, first_name, last_name ON users FOR EACH ROW EXECUTE FUNCTION users_set_search_name();

CREATE TRIGGER users_suspend_reviews AFTER UPDATE OF suspended_at ON users FOR EACH ROW WHEN (((old.suspended_at IS NULL) IS DISTINCT FROM (new.suspended_at IS NULL))) EXECUTE FUNCTION users_suspend_reviews();

CREATE TRIGGER verification_requests_notify AFTER UPDATE OF status ON verification_requests FOR EACH ROW EXECUTE FUNCTION verification_requests_notify();

ALTER TABLE ONLY listing_facets
    ADD CONSTRAINT listing_facets_id_fkey FOREIGN KEY (id) REFERENCES chatbots(id) ON DELETE CASCADE;
`;

/** What this migration installs, part by part: each part's SQL, run in order. */
export const DECLARED: Record<string, string[]> = {
  /** Each platform's columns and stat kind (domain/listings/platform-columns.ts, from the platform registry). */
  PLATFORM_COLUMNS: [
    `
ALTER TABLE chatbots
  ADD COLUMN IF NOT EXISTS polybuzz_cid text,
  ADD COLUMN IF NOT EXISTS polybuzz_url text,
  ADD COLUMN IF NOT EXISTS roleplaya_cid text,
  ADD COLUMN IF NOT EXISTS roleplaya_url text;
ALTER TABLE listing_stats_daily DROP CONSTRAINT IF EXISTS listing_stats_daily_kind_check,
  ADD CONSTRAINT listing_stats_daily_kind_check CHECK (kind IN ('view', 'polybuzz', 'roleplaya'));
`,
  ],
  /** The tag facets' copy of the filtered columns and its trigger (domain/listings/facets-copy.ts). */
  LISTING_FACETS: [
    `
CREATE TABLE IF NOT EXISTS listing_facets (id uuid PRIMARY KEY);
ALTER TABLE listing_facets
  ADD COLUMN IF NOT EXISTS user_id uuid,
  ADD COLUMN IF NOT EXISTS withheld boolean,
  ADD COLUMN IF NOT EXISTS nsfw boolean,
  ADD COLUMN IF NOT EXISTS polybuzz_cid text,
  ADD COLUMN IF NOT EXISTS roleplaya_cid text,
  ADD COLUMN IF NOT EXISTS story_series text,
  ADD COLUMN IF NOT EXISTS tags text[],
  ADD COLUMN IF NOT EXISTS search_text text,
  ADD COLUMN IF NOT EXISTS search_doc tsvector,
  ADD COLUMN IF NOT EXISTS popular_score integer,
  ADD COLUMN IF NOT EXISTS search_tier smallint,
  ADD COLUMN IF NOT EXISTS search_tiered tsvector;
DO $do$
DECLARE dropped text;
BEGIN
  FOR dropped IN SELECT column_name FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = 'listing_facets'
      AND column_name <> ALL (ARRAY['id', 'user_id', 'withheld', 'nsfw', 'polybuzz_cid', 'roleplaya_cid', 'story_series', 'tags', 'search_text', 'search_doc', 'popular_score', 'search_tier', 'search_tiered'])
  LOOP
    EXECUTE format('ALTER TABLE listing_facets DROP COLUMN %I', dropped);
  END LOOP;
END $do$;
-- AFTER the row is written, so search_text is what chatbots' own BEFORE trigger made of it.
CREATE OR REPLACE FUNCTION chatbots_copy_facets() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO listing_facets AS f (id, user_id, withheld, nsfw, polybuzz_cid, roleplaya_cid, story_series, tags, search_text, search_doc, popular_score, search_tier, search_tiered) VALUES (NEW.id, NEW.user_id, NEW.withheld, NEW.nsfw, NEW.polybuzz_cid, NEW.roleplaya_cid, NEW.story_series, NEW.tags, NEW.search_text, NEW.search_doc, NEW.popular_score, search_tier_of(NEW.popular_score, NEW.id), search_tiered(NEW.search_doc, search_tier_of(NEW.popular_score, NEW.id)))
  ON CONFLICT (id) DO UPDATE SET user_id = EXCLUDED.user_id, withheld = EXCLUDED.withheld, nsfw = EXCLUDED.nsfw, polybuzz_cid = EXCLUDED.polybuzz_cid, roleplaya_cid = EXCLUDED.roleplaya_cid, story_series = EXCLUDED.story_series, tags = EXCLUDED.tags, search_text = EXCLUDED.search_text, search_doc = EXCLUDED.search_doc, popular_score = EXCLUDED.popular_score, search_tier = EXCLUDED.search_tier, search_tiered = EXCLUDED.search_tiered
      WHERE (f.user_id, f.withheld, f.nsfw, f.polybuzz_cid, f.roleplaya_cid, f.story_series, f.tags, f.search_text, f.search_doc, f.popular_score, f.search_tier, f.search_tiered)
        IS DISTINCT FROM (EXCLUDED.user_id, EXCLUDED.withheld, EXCLUDED.nsfw, EXCLUDED.polybuzz_cid, EXCLUDED.roleplaya_cid, EXCLUDED.story_series, EXCLUDED.tags, EXCLUDED.search_text, EXCLUDED.search_doc, EXCLUDED.popular_score, EXCLUDED.search_tier, EXCLUDED.search_tiered);
  RETURN NULL;
END $fn$;
CREATE OR REPLACE TRIGGER chatbots_facets AFTER INSERT OR UPDATE OF user_id, hidden_at, review_pending, owner_suspended, nsfw, polybuzz_cid, roleplaya_cid, story_series, tags, title, search_text, tagline, description, popular_score ON chatbots
  FOR EACH ROW EXECUTE FUNCTION chatbots_copy_facets();
-- Every listing's copy made, or brought up to date (a new column filled).
INSERT INTO listing_facets AS f (id, user_id, withheld, nsfw, polybuzz_cid, roleplaya_cid, story_series, tags, search_text, search_doc, popular_score, search_tier, search_tiered) SELECT c.id, c.user_id, c.withheld, c.nsfw, c.polybuzz_cid, c.roleplaya_cid, c.story_series, c.tags, c.search_text, c.search_doc, c.popular_score, search_tier_of(c.popular_score, c.id), search_tiered(c.search_doc, search_tier_of(c.popular_score, c.id)) FROM chatbots c
ON CONFLICT (id) DO UPDATE SET user_id = EXCLUDED.user_id, withheld = EXCLUDED.withheld, nsfw = EXCLUDED.nsfw, polybuzz_cid = EXCLUDED.polybuzz_cid, roleplaya_cid = EXCLUDED.roleplaya_cid, story_series = EXCLUDED.story_series, tags = EXCLUDED.tags, search_text = EXCLUDED.search_text, search_doc = EXCLUDED.search_doc, popular_score = EXCLUDED.popular_score, search_tier = EXCLUDED.search_tier, search_tiered = EXCLUDED.search_tiered
    WHERE (f.user_id, f.withheld, f.nsfw, f.polybuzz_cid, f.roleplaya_cid, f.story_series, f.tags, f.search_text, f.search_doc, f.popular_score, f.search_tier, f.search_tiered)
      IS DISTINCT FROM (EXCLUDED.user_id, EXCLUDED.withheld, EXCLUDED.nsfw, EXCLUDED.polybuzz_cid, EXCLUDED.roleplaya_cid, EXCLUDED.story_series, EXCLUDED.tags, EXCLUDED.search_text, EXCLUDED.search_doc, EXCLUDED.popular_score, EXCLUDED.search_tier, EXCLUDED.search_tiered);
DELETE FROM listing_facets f WHERE NOT EXISTS (SELECT FROM chatbots c WHERE c.id = f.id);
ALTER TABLE listing_facets
  ALTER COLUMN user_id SET NOT NULL,
  ALTER COLUMN withheld SET NOT NULL,
  ALTER COLUMN nsfw SET NOT NULL,
  ALTER COLUMN tags SET NOT NULL,
  ALTER COLUMN search_text SET NOT NULL,
  ALTER COLUMN search_doc SET NOT NULL,
  ALTER COLUMN popular_score SET NOT NULL,
  ALTER COLUMN search_tier SET NOT NULL,
  ALTER COLUMN search_tiered SET NOT NULL;
CREATE INDEX IF NOT EXISTS listing_facets_search_trgm_idx ON listing_facets USING gin (search_text gin_trgm_ops);
CREATE INDEX IF NOT EXISTS listing_facets_tags_idx ON listing_facets USING gin (tags);
CREATE INDEX IF NOT EXISTS listing_facets_user_idx ON listing_facets (user_id);
CREATE INDEX IF NOT EXISTS listing_facets_search_doc_idx ON listing_facets USING gin (search_doc);
CREATE INDEX IF NOT EXISTS listing_facets_popular_idx ON listing_facets (popular_score DESC, id DESC);
CREATE INDEX IF NOT EXISTS listing_facets_search_tiered_idx ON listing_facets USING gin (search_tiered);
`,
  ],
  /** The read shape kept on the rows and its triggers; rewrites every copy (domain/listings/stored-shape.ts). */
  STORED_READ_SHAPE: [
    `DROP TRIGGER IF EXISTS users_listing_json ON users`,
    `
CREATE OR REPLACE FUNCTION chatbots_set_listing_json() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  -- A new owner's row is locked against a change to it until this one commits: the change's rewrite of
  -- their listings (below) would not see this row yet, so it waits for it, or this reads it once done.
  IF TG_OP = 'INSERT' OR NEW.user_id IS DISTINCT FROM OLD.user_id THEN
    PERFORM 1 FROM users WHERE id = NEW.user_id FOR SHARE;
  END IF;
  NEW.listing_json := (SELECT (SELECT row_to_json(r) FROM (SELECT "c"."id" AS "id", "c"."title" AS "title", "c"."tagline" AS "tagline", "c"."description" AS "description", "c"."tags" AS "tags", "c"."polybuzz_cid" AS "polybuzzCid", "c"."polybuzz_url" AS "polybuzzUrl", "c"."roleplaya_cid" AS "roleplayaCid", "c"."roleplaya_url" AS "roleplayaUrl", "c"."story_series" AS "storySeries", "c"."nsfw" AS "nsfw", "c"."image_url" AS "imageUrl", COALESCE('/images/' || NULLIF(c.thumbnail_key, ''), c.image_url) AS "thumbnailUrl", "c"."image_focus_x" AS "imageFocusX", "c"."image_focus_y" AS "imageFocusY", "c"."user_id" AS "userId", to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", to_char(c.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt", "c"."favorite_count" AS "favoriteCount", "c"."chats_this_week" AS "chatsThisWeek", "c"."popular_score" AS "chatsThisMonth", json_build_object('average', CASE WHEN c.rating_count > 0 THEN round(c.rating_sum::numeric / c.rating_count, 2)::float8 END, 'count', c.rating_count) AS "rating", (SELECT row_to_json(r) FROM (SELECT "u"."id" AS "id", "u"."nickname" AS "nickname", "u"."first_name" AS "firstName", "u"."last_name" AS "lastName", NULL::text AS "email", "u"."avatar_url" AS "avatarUrl", "u"."profile_image_url" AS "profileImageUrl", ("u"."is_admin" OR "u"."is_super_admin") AS "isAdmin", ("u"."verified_at" IS NOT NULL) AS "isVerified" FROM users u WHERE u.id = c.user_id) r) AS "user" ) r)::text FROM (SELECT NEW.*) c);
  RETURN NEW;
END $fn$;
CREATE OR REPLACE FUNCTION users_set_creator_json() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  NEW.creator_json := (SELECT (SELECT row_to_json(r) FROM (SELECT "u"."id" AS "id", "u"."nickname" AS "nickname", "u"."first_name" AS "firstName", "u"."last_name" AS "lastName", NULL::text AS "email", "u"."avatar_url" AS "avatarUrl", "u"."profile_image_url" AS "profileImageUrl", ("u"."is_admin" OR "u"."is_super_admin") AS "isAdmin", ("u"."verified_at" IS NOT NULL) AS "isVerified" ) r)::text FROM (SELECT NEW.*) u);
  RETURN NEW;
END $fn$;
CREATE OR REPLACE FUNCTION users_rewrite_listing_json() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  -- Their rows locked in id order first, as every write of many listings does (row-locks.ts), so the
  -- update below cannot deadlock with another such write (the popularity refresh).
  PERFORM 1 FROM chatbots WHERE user_id = NEW.id ORDER BY id FOR UPDATE;
  -- Setting the copies to NULL runs their trigger, which writes them with the creator as now.
  UPDATE chatbots SET listing_json = NULL WHERE user_id = NEW.id;
  RETURN NULL;
END $fn$;
CREATE OR REPLACE TRIGGER chatbots_listing_json BEFORE INSERT OR UPDATE OF id, title, tagline, description, tags, polybuzz_cid, polybuzz_url, roleplaya_cid, roleplaya_url, story_series, nsfw, image_url, thumbnail_key, image_focus_x, image_focus_y, user_id, created_at, updated_at, favorite_count, chats_this_week, popular_score, rating_count, rating_sum, listing_json ON chatbots
  FOR EACH ROW EXECUTE FUNCTION chatbots_set_listing_json();
CREATE OR REPLACE TRIGGER users_creator_json BEFORE INSERT OR UPDATE OF id, nickname, first_name, last_name, avatar_url, profile_image_url, is_admin, is_super_admin, verified_at, creator_json ON users
  FOR EACH ROW EXECUTE FUNCTION users_set_creator_json();
`,
    `UPDATE users SET creator_json = NULL`,
    `UPDATE chatbots SET listing_json = NULL`,
    `
CREATE TRIGGER users_listing_json AFTER UPDATE OF id, nickname, first_name, last_name, avatar_url, profile_image_url, is_admin, is_super_admin, verified_at ON users
  FOR EACH ROW WHEN (OLD.creator_json IS DISTINCT FROM NEW.creator_json)
  EXECUTE FUNCTION users_rewrite_listing_json();
`,
  ],
  /** Each gallery order's index and its SFW twin (domain/listings/sort-indexes.ts, from the sorts). */
  SORT_INDEXES: [
    `CREATE INDEX IF NOT EXISTS chatbots_newest_idx ON chatbots (created_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS chatbots_newest_sfw_idx ON chatbots (created_at DESC, id DESC) WHERE NOT nsfw;
CREATE INDEX IF NOT EXISTS chatbots_popular_idx ON chatbots (popular_score DESC, id DESC);
CREATE INDEX IF NOT EXISTS chatbots_popular_sfw_idx ON chatbots (popular_score DESC, id DESC) WHERE NOT nsfw;
CREATE INDEX IF NOT EXISTS chatbots_trending_idx ON chatbots (trending_score DESC, id DESC);
CREATE INDEX IF NOT EXISTS chatbots_trending_sfw_idx ON chatbots (trending_score DESC, id DESC) WHERE NOT nsfw;
CREATE INDEX IF NOT EXISTS chatbots_title_idx ON chatbots (lower(title), id);
CREATE INDEX IF NOT EXISTS chatbots_title_sfw_idx ON chatbots (lower(title), id) WHERE NOT nsfw;
CREATE INDEX IF NOT EXISTS chatbots_saved_idx ON chatbots (favorite_count DESC, id DESC);
CREATE INDEX IF NOT EXISTS chatbots_saved_sfw_idx ON chatbots (favorite_count DESC, id DESC) WHERE NOT nsfw;
CREATE INDEX IF NOT EXISTS chatbots_rated_idx ON chatbots (rating_score DESC, id DESC);
CREATE INDEX IF NOT EXISTS chatbots_rated_sfw_idx ON chatbots (rating_score DESC, id DESC) WHERE NOT nsfw;
`,
  ],
  /** What a write to users notifies, shapes or viewers (domain/users/change-triggers.ts). */
  USERS_CHANGE_TRIGGERS: [
    `
CREATE OR REPLACE FUNCTION notify_gallery_change_kind() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  -- One notification per transaction and kind: PostgreSQL folds identical payloads.
  PERFORM pg_notify('gallery_changed', TG_ARGV[0]);
  RETURN NULL;
END $fn$;
CREATE OR REPLACE TRIGGER users_notify_public_update AFTER UPDATE ON users FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'blocked_tags' - 'nsfw_display' - 'birth_date' - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'blocked_tags' - 'nsfw_display' - 'birth_date' - 'updated_at'))
  EXECUTE FUNCTION notify_gallery_change_kind('shapes');
CREATE OR REPLACE TRIGGER users_notify_settings AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.blocked_tags IS DISTINCT FROM NEW.blocked_tags OR OLD.nsfw_display IS DISTINCT FROM NEW.nsfw_display OR OLD.birth_date IS DISTINCT FROM NEW.birth_date)
  EXECUTE FUNCTION notify_gallery_change_kind('viewers');
`,
  ],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(SCHEMA).execute(db);
  for (const steps of Object.values(DECLARED)) for (const step of steps) await sql.raw(step).execute(db);
  await sql.raw(AFTER_PARTS).execute(db);
}

export async function down(): Promise<void> {
  throw new Error("the baseline cannot be undone: it is the whole schema");
}
