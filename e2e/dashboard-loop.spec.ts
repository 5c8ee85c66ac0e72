import { requireDatabase, sql } from "./support/admin";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { createListing, newMemberApi, signInMember, uniqueToken } from "./support/listings";

requireDatabase();

/**
 * Issue 38 §4 on the dashboard, at 390 and 1280: the creator's performance section shows each listing's reviews
 * ("5.0 ★ · 2 reviews", the newest with stars, author linked to their profile, text) and how many collections hold
 * it, and the chart a "Followers gained" series with its numbers in the table. Axe clean on the section.
 */

const LONG_DAY = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});
const dayName = (at: number) => LONG_DAY.format(new Date(at));

/** A member (through the api) whose reviews count: e-mail verified, account four days old, a nickname. */
async function reviewer(nickname: string) {
  const member = await newMemberApi();
  await sql(
    "UPDATE users SET email_verified = true, created_at = now() - interval '4 days', nickname = $2 WHERE id = $1",
    [member.id, nickname],
  );
  return member;
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width} px: reviews, collections and followers gained in the performance section`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const creator = await signInMember(page);
    const listing = await createListing(page.request, { title: uniqueToken("Looped") });
    const [earlyName, lateName] = [uniqueToken("Early"), uniqueToken("Late")];
    const [early, late] = await Promise.all([reviewer(earlyName), reviewer(lateName)]);

    // Two reviews from two addresses (the proxy the tests' app trusts says which), the later one stars only.
    for (const [member, body, n] of [
      [early, { rating: 5, text: "Warm, witty and quick to answer." }, 1],
      [late, { rating: 5 }, 2],
    ] as const) {
      const posted = await member.request.post(`/api/chatbots/${listing.id}/reviews`, {
        data: body,
        headers: { "x-forwarded-for": `203.0.113.${n}` },
      });
      expect(posted.status(), await posted.text()).toBe(201);
    }
    // A private collection of the early reviewer holds it.
    const made = await early.request.post("/api/user/collections", {
      data: { title: "Secret favourites", chatbotId: listing.id },
    });
    expect(made.status(), await made.text()).toBe(201);
    // Both follow the creator: one today, one (as stored) three days ago.
    for (const member of [early, late]) {
      expect((await member.request.put(`/api/user/follows/${creator.id}`)).status()).toBe(200);
    }
    const now = Date.now();
    await sql("UPDATE follows SET created_at = now() - interval '3 days' WHERE follower_id = $1 AND followee_id = $2", [
      late.id,
      creator.id,
    ]);
    await Promise.all([early.request.dispose(), late.request.dispose()]);

    await page.goto("/dashboard");
    const section = page.locator("section[aria-labelledby='performance-title']");
    const chart = section.getByRole("figure", { name: "All listings" });
    const followers = chart.getByRole("button", { name: /^Followers gained/ });
    await expect(followers).toHaveAccessibleName("Followers gained 2");
    await expect(followers).toHaveAttribute("aria-pressed", "true");

    // The listing's reviews and collections, the newest review first, each author to their profile.
    const loop = section.getByTestId("listing-loop");
    await expect(loop.getByTestId("listing-reviews")).toHaveText("5.0 ★ · 2 reviews");
    await expect(loop.getByTestId("listing-collections")).toHaveText("In 1 collection");
    // Counted, never named: the private collection's title is nowhere.
    await expect(section.getByText("Secret favourites")).toHaveCount(0);
    const newest = loop.getByRole("list", { name: `Newest reviews of ${listing.title}` });
    await expect(newest.getByRole("listitem")).toHaveCount(2);
    // Each author's name (after their avatar) links to their profile, the newest review first.
    await expect(newest.getByRole("link")).toContainText([lateName, earlyName]);
    await expect(newest.getByRole("link", { name: lateName })).toHaveAttribute("href", `/profile/${late.id}`);
    await expect(newest.getByRole("listitem").nth(1).getByRole("img", { name: "5 out of 5 stars" })).toBeVisible();
    await expect(newest.getByRole("listitem").nth(1)).toContainText("Warm, witty and quick to answer.");

    // The same numbers as a table: a day with a follower, a day without, the total.
    await chart.getByText("Show the numbers as a table").click();
    const table = chart.getByRole("table", {
      name: "All listings: unique visitors and followers gained per day (UTC)",
    });
    await expect(table.getByRole("columnheader").last()).toHaveText("Followers gained");
    const followersCell = (name: string) => table.getByRole("row", { name }).getByRole("cell").last();
    await expect(followersCell(dayName(now))).toHaveText("1");
    await expect(followersCell(dayName(now - 3 * 86_400_000))).toHaveText("1");
    await expect(followersCell(dayName(now - 86_400_000))).toHaveText("0");
    await expect(followersCell("Total")).toHaveText("2");

    // Axe finds nothing in the section, its reviews and its open table.
    await expectNoAxeViolations(page, "section[aria-labelledby='performance-title']");
  });
}
