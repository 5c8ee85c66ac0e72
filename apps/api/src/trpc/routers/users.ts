import { router } from "../init";

export const usersRouter = router({});
