import { platformNames } from "./platforms.js";

/**
 * The verified-creator words a reader sees (issue 23, item 6), without zod, so a card can show them. The platforms
 * are the registry's (`platformNames`), so a new platform is named here too.
 */
export const VERIFICATION_TEXTS = {
  /** The mark's tooltip beside a creator's name (tested word for word). */
  markExplained: `Verified creator: a moderator checked by hand that this creator runs their ${platformNames("disjunction")} bots`,
  /** The dashboard's "Get verified" card. */
  invitation: `Show that you run your ${platformNames("disjunction")} bots and get a verified mark next to your name. A moderator checks your links by hand.`,
  /** What a request carries (the API's documentation of verification.request). */
  requestDescription: `A short text and 1-5 links showing that you run your ${platformNames("disjunction")} bots; a moderator checks them by hand.`,
} as const;
