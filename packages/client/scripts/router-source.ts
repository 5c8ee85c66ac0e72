// What router-types.ts writes out as plain declarations: the api's router and the upload forms' fields.
import type { AppRouter } from "@gallery/api/router";
import type { chatbotCreateFormSchema, chatbotUpdateFormSchema, idSchema } from "@gallery/schema";
import type { z } from "zod";

export type Router = AppRouter;
export type CreateListingFields = z.input<typeof chatbotCreateFormSchema>;
export type UpdateListingFields = z.input<typeof chatbotUpdateFormSchema> & { id: z.input<typeof idSchema> };

// The shapes a developer meets most, by name: the generated declarations print these names wherever the shape
// occurs (an output as it is answered, an input as it is sent), so a hover says `Listing`, not 23 fields.
type Records = AppRouter["_def"]["record"];
type Answer<P> = P extends { _def: { $types: { output: infer O } } } ? O : never;
type Taken<P> = P extends { _def: { $types: { input: infer I } } } ? I : never;

/** Named answers (printed as outputs). */
export type OutputNames = {
  /** One listing as the gallery, a profile and a listing's page show it, with its creator. */
  Listing: Answer<Records["chatbots"]["byId"]>;
  /** A page of listings and the cursor of the next one (null on the last page). */
  ListingPage: Answer<Records["chatbots"]["list"]>;
  /** A listing's creator as a listing embeds them. */
  Creator: Answer<Records["chatbots"]["byId"]>["user"];
  /** The signed-in member's own account. */
  User: Answer<Records["auth"]["user"]>;
  /** A member's public profile, or their own account when it is theirs. */
  Profile: Answer<Records["users"]["byId"]>;
  /** What a report answers: its id and the message to show. */
  ReportReceipt: Answer<Records["moderation"]["report"]>;
  /** One entry of the moderators' queue: a reported listing or profile with its reports. */
  QueueItem: Answer<Records["moderation"]["queue"]>["items"][number];
  /** A page of the moderators' queue. */
  ModerationQueuePage: Answer<Records["moderation"]["queue"]>;
  /** A tag and how many listings carry it. */
  TagCount: Answer<Records["chatbots"]["tags"]>[number];
  /** A member's safety settings: blocked tags, NSFW display, age check. */
  SafetySettings: Answer<Records["settings"]["safety"]>;
  /** A personal API token as listed (never its secret). */
  ApiToken: Answer<Records["apiTokens"]["list"]>["items"][number];
};

/** Named inputs (printed as inputs). */
export type InputNames = {
  /** The gallery's filters, sort and page. */
  ListingQuery: NonNullable<Taken<Records["chatbots"]["list"]>>;
  /** A report of a listing or a profile. */
  Report: Taken<Records["moderation"]["report"]>;
};
