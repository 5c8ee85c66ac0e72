import type { GalleryProcedures } from "./generated/procedures.gen.js";

// The shapes a script handles most, by name: each is what a call answers (or takes), so it follows the API as it
// is generated. `const page: ListingPage = await client.chatbots.list.query(...)` then hovers as `ListingPage`.

type Query<P> = P extends { query: (...args: never[]) => Promise<infer T> } ? T : never;
type Mutation<P> = P extends { mutate: (...args: never[]) => Promise<infer T> } ? T : never;
type Input<P> = P extends { query: (input: infer I, ...rest: never[]) => unknown }
  ? I
  : P extends { mutate: (input: infer I, ...rest: never[]) => unknown }
    ? I
    : never;
type Calls = GalleryProcedures;

/** One listing as the gallery, a profile and a listing's page show it (chatbots.list, byId, create, update). */
export type Listing = Query<Calls["chatbots"]["byId"]>;
/** A page of listings and the cursor of the next one (null on the last page). */
export type ListingPage = Query<Calls["chatbots"]["list"]>;
/** The gallery's filters and sort (chatbots.list's input). */
export type ListingQuery = NonNullable<Input<Calls["chatbots"]["list"]>>;
/** A listing's creator as a listing embeds them. */
export type Creator = Listing["user"];
/** The signed-in member's own account (auth.user). */
export type User = Query<Calls["auth"]["user"]>;
/** A member's public profile, or their own account when it is theirs (users.byId). */
export type Profile = Query<Calls["users"]["byId"]>;
/** A report of a listing or a profile (moderation.report's input). */
export type Report = Input<Calls["moderation"]["report"]>;
/** What a report answers: its id and the message to show. */
export type ReportReceipt = Mutation<Calls["moderation"]["report"]>;
/** A page of the moderators' queue: the reported listings and profiles with their reports. */
export type ModerationQueuePage = Query<Calls["moderation"]["queue"]>;
/** One entry of the moderators' queue. */
export type QueueItem = ModerationQueuePage["items"][number];
/** A tag and how many listings carry it (chatbots.tags). */
export type TagCount = Query<Calls["chatbots"]["tags"]>[number];
/** A member's safety settings: blocked tags, NSFW display, age check (settings.safety). */
export type SafetySettings = Query<Calls["settings"]["safety"]>;
/** A personal API token as listed (never its secret). */
export type ApiToken = Query<Calls["apiTokens"]["list"]>["items"][number];
