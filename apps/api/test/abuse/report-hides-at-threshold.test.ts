import { describe, expect } from "vitest";
import type { TestApp } from "../support/app.js";
import { createAccount, signInWithToken, signUp, verifyEmail } from "../support/auth.js";
import { createListing } from "../support/chatbots.js";
import { test } from "../support/fixtures.js";
import { getAs } from "../support/requests.js";

/**
 * Issue 41 (hideBeforeReview's `weight < threshold`): a listing is hidden once its "mislabelled" reports weigh the
 * threshold itself, not only past it. With the default threshold (3) a trusted member's 2 never lands on it, so this
 * file's app takes an even one: two trusted members weigh exactly 4 and hide the listing, one weighs 2 and does not.
 */
test.override("appEnv", { REPORT_AUTO_HIDE_THRESHOLD: "4" });

const DAY_MS = 86_400_000;

let app: TestApp;

test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
});

/** A member whose report weighs 2: e-mail verified at the provider, account older than REPORTS_MIN_ACCOUNT_AGE_DAYS. */
async function trustedMember() {
  const session = await signInWithToken(app, (await verifyEmail(await createAccount())).idToken);
  await app.database.db
    .updateTable("users")
    .set({ createdAt: new Date(Date.now() - 4 * DAY_MS) })
    .where("id", "=", session.user.id)
    .execute();
  return session;
}

/** POST /api/reports from an address of the member's own (no shared helper sets the address: one network, one voice). */
const reportMislabelled = (targetId: string, cookie: string, address: string) =>
  app.inject({
    method: "POST",
    url: "/api/reports",
    remoteAddress: address,
    headers: { cookie, "user-agent": "Mozilla/5.0 (X11; Linux x86_64) ThresholdTest/1" },
    payload: { targetKind: "listing", targetId, reason: "mislabelled" },
  });

/** What a visitor gets for the listing's page data: 200 while shown, 404 once hidden. */
const visitorSees = async (id: string) => (await getAs(app, `/api/chatbots/${id}`)).statusCode;

describe("REPORT_AUTO_HIDE_THRESHOLD 4", () => {
  test("one trusted member's report (2) leaves the listing shown; a second's, from another network (4), hides it", async () => {
    const creator = await signUp(app);
    const listing = await createListing(app, creator.cookie, { title: "Even Threshold" });
    const [first, second] = [await trustedMember(), await trustedMember()];

    expect((await reportMislabelled(listing.id, first.cookie, "198.51.100.81")).statusCode).toBe(201);
    expect(await visitorSees(listing.id)).toBe(200);
    const before = (await getAs(app, "/api/user/moderation", creator.cookie)).json();
    expect(before.listings).toEqual([]);

    expect((await reportMislabelled(listing.id, second.cookie, "192.0.2.81")).statusCode).toBe(201);
    // 4 of 4: hidden at once, pending review, and the creator is told why.
    await expect.poll(() => visitorSees(listing.id)).toBe(404);
    const after = (await getAs(app, "/api/user/moderation", creator.cookie)).json();
    expect(after.listings).toHaveLength(1);
    expect(after.listings[0]).toMatchObject({
      chatbotId: listing.id,
      state: { reviewPending: true },
      decision: { kind: "autoHidden", canAppeal: true },
    });
  });
});
