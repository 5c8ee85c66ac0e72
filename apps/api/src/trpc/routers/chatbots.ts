import { router } from "../init";

export const chatbotsRouter = router({});
