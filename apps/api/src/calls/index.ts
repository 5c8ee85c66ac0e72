import { adminCalls } from "./admin.js";
import { apiTokensCalls } from "./api-tokens.js";
import { auditCalls } from "./audit.js";
import { authCalls } from "./auth.js";
import { chatbotsCalls } from "./chatbots.js";
import { collectionsCalls } from "./collections.js";
import { favoritesCalls } from "./favorites.js";
import { followsCalls } from "./follows.js";
import { moderationCalls } from "./moderation.js";
import { notificationsCalls } from "./notifications.js";
import { reviewsCalls } from "./reviews.js";
import { settingsCalls } from "./settings.js";
import { usersCalls } from "./users.js";
import { verificationCalls } from "./verification.js";

/** Every call, by router: the tRPC router (trpc/router.ts) and the REST routes (http/routes.ts) are made from these. */
export const calls = {
  auth: authCalls,
  users: usersCalls,
  chatbots: chatbotsCalls,
  admin: adminCalls,
  settings: settingsCalls,
  favorites: favoritesCalls,
  follows: followsCalls,
  collections: collectionsCalls,
  reviews: reviewsCalls,
  notifications: notificationsCalls,
  moderation: moderationCalls,
  audit: auditCalls,
  verification: verificationCalls,
  apiTokens: apiTokensCalls,
};
