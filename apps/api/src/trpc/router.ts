import { createCallerFactory, router } from "./init";
import { adminRouter } from "./routers/admin";
import { authRouter } from "./routers/auth";
import { chatbotsRouter } from "./routers/chatbots";
import { usersRouter } from "./routers/users";

export const appRouter = router({
  auth: authRouter,
  users: usersRouter,
  chatbots: chatbotsRouter,
  admin: adminRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
