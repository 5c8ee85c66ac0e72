// Issue 40 §5: a suspended creator is refused a new listing with a clear 403 (their 'Add Chatbot' is shown disabled
// from the same facts: GET /api/user/moderation's suspension), and nothing is stored.
import { SUSPENDED_PUBLISH_MESSAGE } from "@gallery/schema/report-texts";
import { describe, expect } from "vitest";
import { setRole, signUp } from "./support/auth.js";
import { storedListingIds } from "./support/chatbots.js";
import { test } from "./support/fixtures.js";
import { multipart, pngImage } from "./support/images.js";
import { moderate } from "./support/moderation.js";
import { getAs, sendForm } from "./support/requests.js";

describe("a suspended creator", () => {
  test("is told they are suspended (the nav's fact) and refused a new listing: 403, its reason, nothing stored", async ({
    app,
  }) => {
    const moderator = await signUp(app);
    await setRole(app, moderator.user.id, "admin");
    const creator = await signUp(app);
    const before = (await getAs(app, "/api/user/moderation", creator.cookie)).json();
    expect(before.suspension).toBeNull();

    await moderate(app, moderator.cookie, { kind: "profile", id: creator.user.id }, "suspend");
    const notices = await getAs(app, "/api/user/moderation", creator.cookie);
    expect(notices.statusCode).toBe(200);
    expect(notices.json().suspension).toMatchObject({ reason: "Breaks the rules" });

    const body = multipart(
      { title: "Made while suspended", tags: "", nsfw: "false" },
      { name: "image", filename: "bot.png", type: "image/png", data: await pngImage() },
    );
    const refused = await sendForm(app, "POST", "/api/chatbots", body, creator.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: SUSPENDED_PUBLISH_MESSAGE });
    expect(await storedListingIds(app, creator.user.id)).toEqual([]);
  });
});
