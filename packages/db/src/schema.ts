import type { ListingFieldColumns, ListingFieldName } from "@gallery/schema/listing-fields";
import type { Platform, PlatformCidField, PlatformField } from "@gallery/schema/platforms";
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

/** Table types as Kysely sees them through CamelCasePlugin (snake_case in SQL). */
/** A timestamptz with a database default: optional on insert. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: Generated<string>;
  firebaseUid: string | null;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  nickname: string | null;
  profileImageUrl: string | null;
  avatarUrl: string | null;
  /** Object-storage key of the uploaded avatar (avatarUrl may also be a provider photo). */
  avatarKey: string | null;
  about: string | null;
  instagramUrl: string | null;
  blueskyUrl: string | null;
  facebookUrl: string | null;
  twitterUrl: string | null;
  kofiUrl: string | null;
  patreonUrl: string | null;
  dateOfBirth: string | null;
  termsAccepted: Generated<boolean>;
  privacyAccepted: Generated<boolean>;
  ageVerified: Generated<boolean>;
  isApproved: Generated<boolean>;
  isAdmin: Generated<boolean>;
  isSuperAdmin: Generated<boolean>;
  /** Lower-cased nickname and names, kept by a trigger; feeds the creator part of search. */
  searchName: Generated<string>;
  /** Safety settings: tags whose listings never reach this member, lower-cased. */
  blockedTags: Generated<string[]>;
  /** Safety settings: how NSFW images are shown to this member. */
  nsfwDisplay: Generated<NsfwDisplay>;
  /** How many members follow this user (kept by a trigger on follows). */
  followerCount: Generated<number>;
  /** Suspended by a moderator: nothing of theirs is public, they cannot publish. */
  suspendedAt: Date | null;
  /** The member's answer to the age question: private, no call returns it. */
  birthDate: ColumnType<Date | null, string | null | undefined, Date | string | null>;
  /** Whether signed-in members see this creator's e-mail. */
  showEmail: Generated<boolean>;
  suspensionReason: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** Verified creators: when a moderator verified them; null when not (or withdrawn). */
  verifiedAt: Date | null;
  /** Whether the identity provider said the e-mail is verified at the last sign-in. */
  emailVerified: Generated<boolean>;
}

/** How a member has NSFW images shown: as they are (default), blurred until revealed, or not at all. */
export type NsfwDisplay = "show" | "blur" | "hide";

/** Each platform's identifier and URL (`<key>_cid`, `<key>_url`), named from the registry. */
type PlatformColumns = { [K in PlatformField]: string | null };

/** The declared listing fields' columns (`listing-fields.ts`; added by a generated migration). */
export interface ChatbotsTable extends PlatformColumns, ListingFieldColumns {
  id: Generated<string>;
  title: string;
  /** One line under the title on the card (at most 120 characters). */
  tagline: string | null;
  /** The listing page's plain text (at most 4,000 characters). */
  description: string | null;
  tags: Generated<string[]>;
  storySeries: string | null;
  nsfw: Generated<boolean>;
  imageUrl: string | null;
  /** Object-storage key of the full-size image (null when none or legacy). */
  imageKey: string | null;
  /** Object-storage key of the card-size variant. */
  thumbnailKey: string | null;
  userId: string;
  /** Title, tags and creator name, lower-cased, kept by triggers; trigram-indexed. */
  searchText: Generated<string>;
  // search_doc, the weighted tsvector kept by a trigger, is read by the search's SQL only
  // (apps/api domain/listings/search.ts) and left out of this type, so no write can name it.
  /** Unique click-outs of the last 30 days (refreshed from listing_stats_daily). */
  popularScore: Generated<number>;
  /** The last 7 days' click-outs against the 7 before (refreshed from listing_stats_daily). */
  trendingScore: Generated<number>;
  /** How many members saved it (kept by a trigger on favorites). */
  favoriteCount: Generated<number>;
  /** The point a card's 2:3 crop keeps in view, percent from the left and from the top. */
  imageFocusX: Generated<number>;
  imageFocusY: Generated<number>;
  /** Click-outs of the last 7 days (refreshed with the scores): the card's popularity signal. */
  chatsThisWeek: Generated<number>;
  /** The reviews that count in the average: how many and their stars' sum, kept by triggers. */
  ratingCount: Generated<number>;
  ratingSum: Generated<number>;
  /** The Bayesian average the Top rated order sorts by (generated from the two above with the declared prior). */
  ratingScore: ColumnType<number, never, never>;
  /** Moderation states: hidden by a moderator, hidden by reports pending review, creator suspended. */
  hiddenAt: Date | null;
  hiddenReason: string | null;
  reviewPending: Generated<boolean>;
  ownerSuspended: Generated<boolean>;
  /** Any of the three (generated): left out of every public read. */
  withheld: ColumnType<boolean, never, never>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/**
 * The columns of `chatbots` the gallery's filters read, under the same names, one row per listing, kept by a trigger:
 * the tag facets count over this narrow copy. Read-only for the api.
 */
export type ListingFacetsTable = Readonly<
  Pick<
    ChatbotsTable,
    "id" | "userId" | "nsfw" | "storySeries" | "tags" | "searchText" | "withheld" | PlatformCidField | ListingFieldName
  >
>;

/** What is counted per listing: a page view or a click-out to one platform. */
export type StatKind = "view" | Platform;

export interface ListingStatsDailyTable {
  chatbotId: string;
  day: ColumnType<string, string, string>;
  kind: StatKind;
  count: number;
}

export interface ListingStatsVisitorsTable {
  day: ColumnType<string, string, string>;
  chatbotId: string;
  kind: StatKind;
  visitor: Buffer;
}

export interface ListingStatsSaltsTable {
  day: ColumnType<string, string, string>;
  salt: Buffer;
}

export interface SessionTable {
  sid: string;
  sess: unknown;
  expire: Timestamp;
}

/** A background job of the image tools. */
export interface MaintenanceJobsTable {
  id: Generated<string>;
  kind: string;
  status: Generated<"running" | "succeeded" | "failed">;
  /** Where to carry on: the job's own cursor (JSON). */
  checkpoint: unknown;
  done: Generated<number>;
  total: number | null;
  counts: ColumnType<Record<string, number>, string | undefined, string>;
  error: string | null;
  errorRetryable: Generated<boolean>;
  leaseOwner: string | null;
  leaseUntil: Timestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  finishedAt: Date | null;
}

/** A member's saved listing. */
export interface FavoritesTable {
  userId: string;
  chatbotId: string;
  createdAt: Timestamp;
}

/** A member's named list of listings. */
export interface CollectionsTable {
  id: Generated<string>;
  userId: string;
  /** 1-80 characters. */
  title: string;
  /** At most 500 characters. */
  description: string | null;
  isPublic: Generated<boolean>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** A listing in a collection, at its place in the hand order (0 first; never repeated within a collection). */
export interface CollectionItemsTable {
  collectionId: string;
  chatbotId: string;
  position: number;
  addedAt: Timestamp;
}

/** A member following a creator. */
export interface FollowsTable {
  followerId: string;
  followeeId: string;
  createdAt: Timestamp;
}

/** One moderator action: names kept as they were, so it outlives what it names; never updated. */
export interface AuditLogTable {
  id: Generated<number>;
  at: Timestamp;
  moderatorId: string | null;
  moderatorName: string;
  action: string;
  targetKind: "listing" | "user" | "report" | "job" | "review";
  targetId: string | null;
  targetLabel: string;
  before: ColumnType<unknown, string | null | undefined, never>;
  after: ColumnType<unknown, string | null | undefined, never>;
}

/** A report, an appeal or a possible duplicate; the target is kept by id, without a foreign key. */
export interface ReportsTable {
  id: Generated<string>;
  targetKind: "listing" | "profile" | "review";
  targetId: string;
  /** `member:<id>`, `visitor:<daily hash>`, `creator:<id>` (an appeal) or `system:duplicate`. */
  reporter: string;
  /**
   * How much the reporter counts towards hiding a listing before review: a member whose e-mail is verified and
   * whose account is old enough 2, anyone else 0 (before, a member 2 and a visitor 1).
   */
  reporterWeight: Generated<number>;
  /** Keyed hash (the day's salt) of the reporter's address; null for older reports and the system's. */
  reporterAddress: Buffer | null;
  /** Keyed hash (the day's salt) of the reporter's network, /24 or /48; null as reporterAddress. */
  reporterNetwork: Buffer | null;
  reason: string;
  details: string | null;
  originalUrl: string | null;
  /** The other listing of a possible duplicate. */
  relatedId: string | null;
  status: Generated<"open" | "closed">;
  outcome: string | null;
  closedAt: Date | null;
  createdAt: Timestamp;
}

/** The queue: one row per target with open reports. */
export interface ReportTargetsTable {
  targetKind: "listing" | "profile" | "review";
  targetId: string;
  openCount: Generated<number>;
  reasonCounts: ColumnType<Record<string, number>, string | undefined, string>;
  lastReportAt: Timestamp;
}

/** A moderator's decision about a creator's listing or account, shown to them; one review each. */
export interface ModerationDecisionsTable {
  id: Generated<string>;
  userId: string;
  chatbotId: string | null;
  kind: "hidden" | "autoHidden" | "restored" | "markedNsfw" | "edited" | "suspended" | "lifted";
  reason: string | null;
  appealedAt: Date | null;
  createdAt: Timestamp;
  /** The moderator as named when they decided; null for the system's and older decisions. */
  decidedBy: string | null;
  /** What the creator wrote with their appeal (at most 500 characters). */
  appealMessage: string | null;
}

/** Verified creators: a creator's request to be verified and its decision. */
export type VerificationStatus = "pending" | "approved" | "denied" | "withdrawn";
export interface VerificationRequestsTable {
  id: Generated<string>;
  userId: string;
  text: string;
  links: string[];
  status: Generated<VerificationStatus>;
  decidedBy: string | null;
  decidedAt: Date | null;
  reason: string | null;
  createdAt: Timestamp;
}

/** A member's personal API token: only the secret's SHA-256 is kept. */
export type ApiTokenScope = "read" | "write" | "admin";
export interface ApiTokensTable {
  /** 12 base62 characters, the token's public part. */
  id: string;
  userId: string;
  name: string;
  secretHash: Buffer;
  scope: ApiTokenScope;
  createdAt: Timestamp;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
}

export interface Database {
  users: UsersTable;
  chatbots: ChatbotsTable;
  listingFacets: ListingFacetsTable;
  session: SessionTable;
  maintenanceJobs: MaintenanceJobsTable;
  listingStatsDaily: ListingStatsDailyTable;
  listingStatsVisitors: ListingStatsVisitorsTable;
  listingStatsSalts: ListingStatsSaltsTable;
  favorites: FavoritesTable;
  follows: FollowsTable;
  collections: CollectionsTable;
  collectionItems: CollectionItemsTable;
  auditLog: AuditLogTable;
  reports: ReportsTable;
  reportTargets: ReportTargetsTable;
  moderationDecisions: ModerationDecisionsTable;
  verificationRequests: VerificationRequestsTable;
  apiTokens: ApiTokensTable;
  searchWords: SearchWordsTable;
  reviews: ReviewsTable;
  reviewHelpfulVotes: ReviewHelpfulVotesTable;
  notifications: NotificationsTable;
  notificationOptOuts: NotificationOptOutsTable;
}

/** What a notification tells of. */
export type NotificationKind =
  | "newListing"
  | "review"
  | "reply"
  | "reportOutcome"
  | "appealOutcome"
  | "verificationOutcome"
  | "listingModerated";

/** A member's notification, written by triggers; kept 90 days. */
export interface NotificationsTable {
  id: ColumnType<string, never, never>;
  recipientId: string;
  kind: NotificationKind;
  /** Who did it (the follower's creator, the reviewer, the replying creator); null when the system or a moderator. */
  actorId: string | null;
  listingId: string | null;
  reviewId: string | null;
  reportId: string | null;
  decisionId: string | null;
  verificationId: string | null;
  /** The report's outcome, the decision's kind or the verification's status. */
  outcome: string | null;
  createdAt: Timestamp;
  readAt: Date | null;
}

/** One row per member and kind of notification they turned off. */
export interface NotificationOptOutsTable {
  userId: string;
  kind: NotificationKind;
}

/** A member's review of a listing: one per member and listing. */
export interface ReviewsTable {
  id: Generated<string>;
  chatbotId: string;
  userId: string;
  /** 1-5 stars. */
  rating: number;
  /** At most 2,000 characters; null: stars only. */
  body: string | null;
  /** Kept by a trigger on review_helpful_votes. */
  helpfulCount: Generated<number>;
  /** The listing's creator's one reply (at most 2,000 characters). */
  reply: string | null;
  repliedAt: Date | null;
  replyUpdatedAt: Date | null;
  /** Hidden by a moderator. */
  hiddenAt: Date | null;
  hiddenReason: string | null;
  /** The author is suspended (kept by a trigger on users): hidden and out of the average until lifted. */
  authorSuspended: Generated<boolean>;
  /** The day's keyed hash of the author's address (stats/visitor.ts), and that UTC day. */
  authorAddress: Buffer;
  ratedOn: Generated<string>;
  /** The first review of its listing from its address on its day (set by the insert trigger): counts in the average. */
  countsInAverage: Generated<boolean>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** A member's "helpful" mark on a review: one each. */
export interface ReviewHelpfulVotesTable {
  reviewId: string;
  userId: string;
  createdAt: Timestamp;
}

/** The words of titles, tags, names and series, kept by a trigger; trigram-indexed. */
export interface SearchWordsTable {
  word: string;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type ChatbotRow = Selectable<ChatbotsTable>;
export type NewChatbot = Insertable<ChatbotsTable>;
export type ChatbotUpdate = Updateable<ChatbotsTable>;
export type MaintenanceJobRow = Selectable<MaintenanceJobsTable>;
