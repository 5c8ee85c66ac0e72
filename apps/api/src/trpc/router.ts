import { createCallerFactory, router } from "./init.js";
import { adminRouter } from "./routers/admin.js";
import { authRouter } from "./routers/auth.js";
import { chatbotsRouter } from "./routers/chatbots.js";
import { favoritesRouter } from "./routers/favorites.js";
import { followsRouter } from "./routers/follows.js";
import { settingsRouter } from "./routers/settings.js";
import { usersRouter } from "./routers/users.js";

export const appRouter = router({
  auth: authRouter,
  users: usersRouter,
  chatbots: chatbotsRouter,
  admin: adminRouter,
  settings: settingsRouter,
  favorites: favoritesRouter,
  follows: followsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
