import { AGE_MESSAGES } from "../packages/schema/src/age-texts";
import { registerSession, requireDatabase } from "./support/admin";
import { createEmulatorUser } from "./support/emulator";
import { expect, test } from "./support/fixtures";
import { card, createListing, newMemberApi, uniqueToken } from "./support/listings";

requireDatabase();

/** Issue 23, items 8 and 9: the age question before the first NSFW picture, the under-18 rule, the e-mail switch. */

const yearsAgo = (years: number) => {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
};

async function unansweredMember(page: import("@playwright/test").Page) {
  const account = await createEmulatorUser();
  return registerSession(page, account, { answerAge: false });
}

test("a member who has not answered is asked their age before the first NSFW picture, then sees it", async ({
  page,
}) => {
  const creator = await newMemberApi();
  const title = uniqueToken("Mature");
  await createListing(creator.request, { title, nsfw: true });
  await unansweredMember(page);
  await page.goto(`/?search=${title}`);
  const reveal = card(page, title).getByRole("button", { name: `Click to reveal NSFW image of ${title}` });
  await expect(reveal).toBeVisible();
  await reveal.click();
  const dialog = page.getByRole("dialog", { name: "Confirm your age" });
  await expect(dialog.getByText(AGE_MESSAGES.question)).toBeVisible();
  await expect(dialog.getByText(AGE_MESSAGES.why)).toBeVisible();
  // Too young is refused, in the server's words.
  await dialog.getByLabel("Date of birth").fill(yearsAgo(10));
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(AGE_MESSAGES.tooYoung);
  await dialog.getByLabel("Date of birth").fill(yearsAgo(30));
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog).toBeHidden();
  await expect(card(page, title).getByRole("button", { name: `View image of ${title}` })).toBeVisible();
});

test("a member under 18 gets no mature content and cannot turn it on", async ({ page }) => {
  const creator = await newMemberApi();
  const title = uniqueToken("Adults");
  const listing = await createListing(creator.request, { title, nsfw: true });
  await unansweredMember(page);
  await page.goto("/dashboard");
  const age = page.getByRole("region", { name: "Age" });
  await age.getByLabel("Date of birth").fill(yearsAgo(15));
  await age.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText(AGE_MESSAGES.minorResult)).toBeVisible();
  await expect(page.getByRole("radio", { name: /^Show/ })).toBeDisabled();
  await expect(page.getByRole("radio", { name: /^Blur/ })).toBeDisabled();
  await expect(page.getByRole("radio", { name: /^Hide/ })).toBeChecked();

  await page.goto(`/chatbots/${listing.id}`);
  await expect(page.getByText(`${AGE_MESSAGES.listingHidden}.`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Show once" })).toHaveCount(0);
  await page.goto(`/?search=${title}`);
  await expect(page.getByText("No chatbots found")).toBeVisible();
});

test("a creator hides their e-mail from other members with the dashboard's switch", async ({ page }) => {
  const account = await createEmulatorUser();
  const id = await registerSession(page, account);
  const member = await newMemberApi();
  const profileEmail = async () =>
    ((await (await member.request.get(`/api/users/${id}`)).json()) as { email: string | null }).email;
  expect(await profileEmail()).toBe(account.email);
  await page.goto("/dashboard");
  // The cards above it load first (the page settles), so the click lands on the switch.
  await expect(page.getByRole("form", { name: "Safety settings" })).toBeVisible();
  const toggle = page.getByRole("checkbox", { name: "Show my e-mail to signed-in members" });
  await expect(toggle).toBeChecked();
  await toggle.uncheck();
  await expect(page.getByText("Your e-mail is hidden")).toBeVisible();
  await expect(toggle).not.toBeChecked();
  await expect.poll(profileEmail).toBeNull();
  await page.reload();
  await expect(page.getByRole("checkbox", { name: "Show my e-mail to signed-in members" })).not.toBeChecked();
});
