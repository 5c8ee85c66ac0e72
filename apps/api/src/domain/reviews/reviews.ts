import type { ReviewsTable } from "@gallery/db";
import {
  type OwnReview,
  type QueueReview,
  REVIEW_AUTHOR_FALLBACK,
  REVIEW_MESSAGES,
  type Review,
  type ReviewSort,
  type ReviewViewer,
} from "@gallery/schema";
import { type Selectable, sql, type Updateable } from "kysely";
import type { Db, Deps } from "../deps.js";
import { ConflictError, ForbiddenError, InvalidError, LISTING_NOT_FOUND, NotFoundError } from "../errors.js";
import { requireVisibleListing } from "../listings/visible.js";
import { putMark, takeMark } from "../members/marks.js";
import { decodeCursor, encodeCursor, type Page } from "../paging.js";
import {
  isSuspended,
  type Member,
  ownsListing,
  requireMayReview,
  requireMember,
  reviewRefusal,
  type Viewer,
} from "../policy.js";
import { daySalt, utcDay, type Visitor, visitorHash } from "../stats/visitor.js";

/**
 * Reviews (issue 38 §1): a member's stars and text on a listing, helpful marks, the creator's reply. The rules
 * against rigging are the viewer policy's (policy.reviewRefusal: verified e-mail, account age, not one's own
 * listing, not suspended) and the database's: one review per member and listing (a unique key), the average kept
 * by triggers from the reviews that count (not hidden, author not suspended, the first of an address on a day:
 * the reviews table's triggers), so no read recounts and concurrent writes keep the counts exact.
 */

/** A listing as its reviews need it. */
interface ListingOfReviews {
  id: string;
  userId: string;
  title: string;
}

/**
 * The listing, if the viewer may see it: its reviews and score are seen by exactly those who may see it. Any
 * refusal (withheld, NSFW to a visitor, the age rule) is a 404 here: reviews never say why a listing is hidden.
 */
export async function visibleListing(db: Db, viewer: Viewer, chatbotId: string): Promise<ListingOfReviews> {
  const { id, userId, title } = await requireVisibleListing(db, viewer, chatbotId);
  return { id, userId, title };
}

/** The day's keyed hash of the caller's address (request.ip as TRUST_PROXY resolves it) and that UTC day. */
async function addressMark(db: Db, visitor: Visitor): Promise<{ mark: Buffer; day: string }> {
  const day = utcDay();
  return { mark: visitorHash(await daySalt(db, day), visitor), day };
}

/** The listing's row locked first, as every write of its score does (the triggers then update it). */
async function lockListingRow(trx: Db, chatbotId: string): Promise<void> {
  const locked = await trx.selectFrom("chatbots").select("id").where("id", "=", chatbotId).forUpdate().execute();
  if (locked.length === 0) throw new NotFoundError(LISTING_NOT_FOUND);
}

type ReviewRow = Selectable<ReviewsTable>;
type AuthorParts = { nickname: string | null; firstName: string | null; lastName: string | null };

/** How a review's author is named: their nickname, else their full name, never their e-mail. */
export function authorName(author: AuthorParts): string {
  if (author.nickname) return author.nickname;
  if (author.firstName && author.lastName) return `${author.firstName} ${author.lastName}`;
  return REVIEW_AUTHOR_FALLBACK;
}

const iso = (at: Date) => at.toISOString();

function toReview(row: ReviewRow & AuthorParts & { avatarUrl: string | null; profileImageUrl: string | null }): Review {
  return {
    id: row.id,
    chatbotId: row.chatbotId,
    rating: row.rating,
    text: row.body,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    helpfulCount: row.helpfulCount,
    author: { id: row.userId, name: authorName(row), avatarUrl: row.profileImageUrl ?? row.avatarUrl },
    reply:
      row.reply !== null && row.repliedAt
        ? { text: row.reply, createdAt: iso(row.repliedAt), updatedAt: iso(row.replyUpdatedAt ?? row.repliedAt) }
        : null,
  };
}

/** Reviews with their authors' names (users joined as `u`). */
const withAuthors = (db: Db) =>
  db
    .selectFrom("reviews as r")
    .innerJoin("users as u", "u.id", "r.userId")
    .selectAll("r")
    .select(["u.nickname", "u.firstName", "u.lastName", "u.avatarUrl", "u.profileImageUrl"]);

/** The reviews everyone who may see their listing is shown: not hidden by a moderator, author not suspended. */
const shownReviews = (db: Db) => withAuthors(db).where("r.hiddenAt", "is", null).where("r.authorSuspended", "=", false);

/**
 * The newest shown reviews of each of a creator's listings, at most `perListing` each, newest first (the dashboard's
 * performance section: their own listings, so no visibility check). One query: a LATERAL read of the newest index
 * (reviews_newest_idx) per listing, so a listing with many reviews costs `perListing` rows.
 */
export async function newestReviewsOfCreator(
  db: Db,
  creatorId: string,
  perListing: number,
): Promise<Map<string, Review[]>> {
  const rows = await db
    .selectFrom("chatbots as c")
    .crossJoinLateral(
      shownReviews(db)
        .where(sql<boolean>`r.chatbot_id = c.id`)
        .orderBy("r.createdAt", "desc")
        .orderBy("r.id", "desc")
        .limit(perListing)
        .as("s"),
    )
    .selectAll("s")
    .where("c.userId", "=", creatorId)
    .orderBy("s.createdAt", "desc")
    .orderBy("s.id", "desc")
    .execute();
  const byListing = new Map<string, Review[]>();
  for (const row of rows) {
    const review = toReview(row);
    const list = byListing.get(review.chatbotId);
    if (list) list.push(review);
    else byListing.set(review.chatbotId, [review]);
  }
  return byListing;
}

async function ownReview(db: Db, memberId: string, chatbotId: string): Promise<OwnReview | null> {
  const row = await withAuthors(db)
    .where("r.chatbotId", "=", chatbotId)
    .where("r.userId", "=", memberId)
    .executeTakeFirst();
  return row ? { ...toReview(row), hidden: row.hiddenAt !== null || row.authorSuspended } : null;
}

export interface ReviewValues {
  chatbotId: string;
  rating: number;
  text?: string | null | undefined;
}

/**
 * A member's review of a listing they may see: refused (403) by the policy's rules, 409 when they already reviewed
 * it (the unique key decides between two at once). The author's address is kept as the day's keyed hash.
 */
export async function createReview(
  deps: Deps,
  viewer: Viewer,
  input: ReviewValues,
  visitor: Visitor,
): Promise<OwnReview> {
  const member = requireMember(viewer);
  const listing = await visibleListing(deps.db, member, input.chatbotId);
  requireMayReview(member, listing, deps.config.reviews.minAccountAgeHours);
  const { mark, day } = await addressMark(deps.db, visitor);
  return deps.db.transaction().execute(async (trx) => {
    await lockListingRow(trx, listing.id);
    const inserted = await trx
      .insertInto("reviews")
      .values({
        chatbotId: listing.id,
        userId: member.id,
        rating: input.rating,
        body: input.text || null,
        authorAddress: mark,
        ratedOn: day,
      })
      .onConflict((conflict) => conflict.columns(["chatbotId", "userId"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!inserted) throw new ConflictError(REVIEW_MESSAGES.duplicate);
    return (await ownReview(trx, member.id, listing.id))!;
  });
}

/** The caller changes their review's stars and text (404 when they have none). */
export async function updateReview(deps: Deps, viewer: Viewer, input: ReviewValues): Promise<OwnReview> {
  const member = requireMember(viewer);
  if (isSuspended(member)) throw new ForbiddenError(REVIEW_MESSAGES.suspended);
  const listing = await visibleListing(deps.db, member, input.chatbotId);
  return deps.db.transaction().execute(async (trx) => {
    await lockListingRow(trx, listing.id);
    const updated = await trx
      .updateTable("reviews")
      .set({ rating: input.rating, body: input.text || null, updatedAt: new Date() })
      .where("chatbotId", "=", listing.id)
      .where("userId", "=", member.id)
      .returning("id")
      .executeTakeFirst();
    if (!updated) throw new NotFoundError(REVIEW_MESSAGES.noReview);
    return (await ownReview(trx, member.id, listing.id))!;
  });
}

/** The caller deletes their review (404 when they have none): its stars leave the average. */
export async function deleteReview(
  deps: Deps,
  viewer: Viewer,
  input: { chatbotId: string },
): Promise<{ deleted: true }> {
  const member = requireMember(viewer);
  const listing = await visibleListing(deps.db, member, input.chatbotId);
  await deps.db.transaction().execute(async (trx) => {
    await lockListingRow(trx, listing.id);
    const deleted = await trx
      .deleteFrom("reviews")
      .where("chatbotId", "=", listing.id)
      .where("userId", "=", member.id)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) throw new NotFoundError(REVIEW_MESSAGES.noReview);
  });
  return { deleted: true };
}

/** Each order's key (indexed with id as the tie-break: reviews_newest_idx, reviews_helpful_idx) and its cast. */
const REVIEW_ORDERS = {
  newest: { key: sql`r.created_at`, cast: "timestamptz" },
  helpful: { key: sql`r.helpful_count`, cast: "integer" },
} as const;

/**
 * A listing's shown reviews (not hidden, author not suspended), newest or most helpful first, a page at a time;
 * the same for everyone who may see the listing (nothing of the viewer's: whether they marked one helpful is
 * `reviewViewerState`'s).
 */
export async function listReviews(
  deps: Deps,
  viewer: Viewer,
  input: { chatbotId: string; sort: ReviewSort; limit: number; cursor?: string | undefined },
): Promise<Page<Review>> {
  const listing = await visibleListing(deps.db, viewer, input.chatbotId);
  const order = REVIEW_ORDERS[input.sort];
  let query = shownReviews(deps.db)
    .select(sql<string>`${order.key}::text`.as("cursorKey"))
    .where("r.chatbotId", "=", listing.id);
  if (input.cursor) {
    const cursor = decodeCursor(input.cursor, input.sort, order.cast);
    if (!cursor) throw new InvalidError("Invalid cursor");
    query = query.where(
      sql<boolean>`(${order.key}, r.id) < (${cursor.key}::${sql.raw(order.cast)}, ${cursor.id}::uuid)`,
    );
  }
  const rows = await query
    .orderBy(order.key, "desc")
    .orderBy("r.id", "desc")
    .limit(input.limit + 1)
    .execute();
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    items: page.map(toReview),
    nextCursor:
      rows.length > input.limit && last ? encodeCursor({ sort: input.sort, key: last.cursorKey, id: last.id }) : null,
  };
}

/** How many of a listing's reviews the caller's helpful marks are read for (a page's worth many times over). */
const HELPFUL_MARKS_MAX = 1000;

/**
 * What the listing page needs of the caller about a listing's reviews (personal, never shared): their own
 * review, whether they may write one and why not, whether they made the listing (they may reply), and which
 * reviews they marked helpful.
 */
export async function reviewViewerState(
  deps: Deps,
  viewer: Viewer,
  input: { chatbotId: string },
): Promise<ReviewViewer> {
  const member = requireMember(viewer);
  const listing = await visibleListing(deps.db, member, input.chatbotId);
  const [review, helpful] = await Promise.all([
    ownReview(deps.db, member.id, listing.id),
    deps.db
      .selectFrom("reviewHelpfulVotes as v")
      .innerJoin("reviews as r", "r.id", "v.reviewId")
      .select("v.reviewId")
      .where("v.userId", "=", member.id)
      .where("r.chatbotId", "=", listing.id)
      .limit(HELPFUL_MARKS_MAX)
      .execute(),
  ]);
  const refusal = review ? null : reviewRefusal(member, listing, deps.config.reviews.minAccountAgeHours);
  return {
    review,
    mayReview: !review && refusal === null,
    reason: refusal,
    isCreator: ownsListing(member, listing),
    helpfulReviewIds: helpful.map((row) => row.reviewId),
  };
}

/** A review shown on a listing the viewer may see (404 otherwise: hidden, its author suspended, or gone). */
export async function shownReview(db: Db, viewer: Viewer, reviewId: string) {
  const review = await db
    .selectFrom("reviews")
    .select(["id", "chatbotId", "userId", "hiddenAt", "authorSuspended", "reply"])
    .where("id", "=", reviewId)
    .executeTakeFirst();
  if (!review || review.hiddenAt !== null || review.authorSuspended) throw new NotFoundError(REVIEW_MESSAGES.notFound);
  const listing = await visibleListing(db, viewer, review.chatbotId);
  return { ...review, listing };
}

/**
 * The caller marks a review helpful, once (marking it again changes nothing; two at once are one mark: the
 * primary key decides). Never their own review; a suspended member's marks would move what others see, so none.
 */
export async function markHelpful(deps: Deps, viewer: Viewer, input: { reviewId: string }) {
  const member = requireMember(viewer);
  const review = await shownReview(deps.db, member, input.reviewId);
  if (review.userId === member.id) throw new ForbiddenError(REVIEW_MESSAGES.ownHelpful);
  if (isSuspended(member)) throw new ForbiddenError(REVIEW_MESSAGES.suspended);
  await putMark(deps.db, "reviewHelpfulVotes", member.id, review.id, REVIEW_MESSAGES.notFound);
  return helpfulState(deps.db, member, review.id);
}

/** The caller takes back their helpful mark (idempotent). */
export async function unmarkHelpful(deps: Deps, viewer: Viewer, input: { reviewId: string }) {
  const member = requireMember(viewer);
  const review = await shownReview(deps.db, member, input.reviewId);
  await takeMark(deps.db, "reviewHelpfulVotes", member.id, review.id);
  return helpfulState(deps.db, member, review.id);
}

async function helpfulState(db: Db, member: Member, reviewId: string) {
  const row = await db
    .selectFrom("reviews")
    .select([
      "helpfulCount",
      sql<boolean>`EXISTS (SELECT FROM review_helpful_votes v WHERE v.review_id = reviews.id AND v.user_id = ${member.id})`.as(
        "helpful",
      ),
    ])
    .where("id", "=", reviewId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError(REVIEW_MESSAGES.notFound);
  return { reviewId, helpful: row.helpful, helpfulCount: row.helpfulCount };
}

/** A review the caller may reply to: shown, on their own listing, and they are not suspended. */
async function replyTarget(deps: Deps, viewer: Viewer, reviewId: string) {
  const member = requireMember(viewer);
  const review = await shownReview(deps.db, member, reviewId);
  if (!ownsListing(member, review.listing)) throw new ForbiddenError(REVIEW_MESSAGES.notCreator);
  if (isSuspended(member)) throw new ForbiddenError(REVIEW_MESSAGES.suspended);
  return { member, review };
}

/** A shown review with its author, as everyone sees it. */
async function publicReview(db: Db, reviewId: string): Promise<Review> {
  const row = await withAuthors(db).where("r.id", "=", reviewId).executeTakeFirst();
  if (!row) throw new NotFoundError(REVIEW_MESSAGES.notFound);
  return toReview(row);
}

/**
 * The creator's change of a review's reply, made only while the review has none (`when: "none"`) or has one
 * (`"some"`), in one conditional write (two at once: one wins); else `refused`. Answers the review as everyone sees it.
 */
async function changeReply(
  deps: Deps,
  viewer: Viewer,
  reviewId: string,
  change: { when: "none" | "some"; set: Updateable<ReviewsTable>; refused: Error },
): Promise<Review> {
  const { review } = await replyTarget(deps, viewer, reviewId);
  const changed = await deps.db
    .updateTable("reviews")
    .set(change.set)
    .where("id", "=", review.id)
    .where("reply", change.when === "none" ? "is" : "is not", null)
    .returning("id")
    .executeTakeFirst();
  if (!changed) throw change.refused;
  return publicReview(deps.db, review.id);
}

/** The listing's creator replies to a review, once (409 after that: edit it instead). */
export function replyToReview(deps: Deps, viewer: Viewer, input: { reviewId: string; text: string }) {
  const now = new Date();
  return changeReply(deps, viewer, input.reviewId, {
    when: "none",
    set: { reply: input.text, repliedAt: now, replyUpdatedAt: now },
    refused: new ConflictError(REVIEW_MESSAGES.replyExists),
  });
}

/** The creator changes their reply (404 when there is none). */
export function editReply(deps: Deps, viewer: Viewer, input: { reviewId: string; text: string }) {
  return changeReply(deps, viewer, input.reviewId, {
    when: "some",
    set: { reply: input.text, replyUpdatedAt: new Date() },
    refused: new NotFoundError(REVIEW_MESSAGES.noReply),
  });
}

/** The creator deletes their reply (404 when there is none); they may reply again afterwards. */
export function deleteReply(deps: Deps, viewer: Viewer, input: { reviewId: string }) {
  return changeReply(deps, viewer, input.reviewId, {
    when: "some",
    set: { reply: null, repliedAt: null, replyUpdatedAt: null },
    refused: new NotFoundError(REVIEW_MESSAGES.noReply),
  });
}

/** A review as a reporter may reach it: shown, on a listing they may see; never their own (400, as a listing). */
export async function requireReportableReview(db: Db, viewer: Viewer, reviewId: string): Promise<void> {
  const review = await shownReview(db, viewer, reviewId);
  if (viewer?.id === review.userId) throw new InvalidError(REVIEW_MESSAGES.ownReport);
}

/** Reported reviews as the moderation queue shows them (hidden ones too). */
export async function reviewPreviews(db: Db, ids: string[]): Promise<Map<string, QueueReview>> {
  const previews = new Map<string, QueueReview>();
  if (ids.length === 0) return previews;
  const rows = await withAuthors(db)
    .innerJoin("chatbots as c", "c.id", "r.chatbotId")
    .select("c.title as listingTitle")
    .where("r.id", "in", ids)
    .execute();
  for (const row of rows) {
    previews.set(row.id, {
      id: row.id,
      chatbotId: row.chatbotId,
      listingTitle: row.listingTitle,
      rating: row.rating,
      text: row.body,
      reply: row.reply,
      authorId: row.userId,
      authorName: authorName(row),
      hidden: row.hiddenAt !== null,
      hiddenReason: row.hiddenReason,
      authorSuspended: row.authorSuspended,
      createdAt: iso(row.createdAt),
    });
  }
  return previews;
}
