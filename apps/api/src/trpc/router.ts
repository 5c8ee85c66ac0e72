import { calls } from "../calls/index.js";
import { createCallerFactory, router } from "./init.js";
import { proceduresOf } from "./procedures.js";

/** Every call as a procedure, one router per record of calls/ (auth, users, chatbots, admin, settings, favorites, follows, collections, reviews, notifications, moderation, audit, verification, apiTokens). */
export const appRouter = router({
  auth: router(proceduresOf(calls.auth)),
  users: router(proceduresOf(calls.users)),
  chatbots: router(proceduresOf(calls.chatbots)),
  admin: router(proceduresOf(calls.admin)),
  settings: router(proceduresOf(calls.settings)),
  favorites: router(proceduresOf(calls.favorites)),
  follows: router(proceduresOf(calls.follows)),
  collections: router(proceduresOf(calls.collections)),
  reviews: router(proceduresOf(calls.reviews)),
  notifications: router(proceduresOf(calls.notifications)),
  moderation: router(proceduresOf(calls.moderation)),
  audit: router(proceduresOf(calls.audit)),
  verification: router(proceduresOf(calls.verification)),
  apiTokens: router(proceduresOf(calls.apiTokens)),
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
