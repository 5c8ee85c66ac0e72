// The shapes a script handles most, by name (declared in scripts/router-source.ts; the generated declarations
// print these names wherever the shapes occur, so `client.chatbots.list.query(...)` hovers as `ListingPage`).
export type {
  ApiToken,
  Creator,
  Listing,
  ListingPage,
  ListingQuery,
  ModerationQueuePage,
  Profile,
  QueueItem,
  Report,
  ReportReceipt,
  SafetySettings,
  TagCount,
  User,
} from "./generated/procedures.gen.js";
