import type { TestApp } from "./app.js";
import { freshAddress } from "./requests.js";

/**
 * A review as the listing page sends it (POST /api/chatbots/{id}/reviews) with the member's cookie, from a client
 * address of its own unless one is given (a rating counts once per address and day): the answer as it comes.
 */
export const writeReview = (
  app: TestApp,
  who: { cookie: string },
  chatbotId: string,
  body: Record<string, unknown>,
  address = freshAddress(),
) =>
  app.inject({
    method: "POST",
    url: `/api/chatbots/${chatbotId}/reviews`,
    headers: { cookie: who.cookie },
    payload: body,
    remoteAddress: address,
  });
