// Profiles: the dashboard's profile widgets (every field, view and edit modes, spec toasts and
// messages) and the public profile page (spec section 2 'Public profile page').
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { cards, createListing, newMemberApi, PNG, signInMember, uniqueToken } from "./support/listings";

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").getByText(text, { exact: true });

async function openDashboard(page: Page) {
  const member = await signInMember(page);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "My Dashboard" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Your profile" })).toBeVisible();
  return member;
}

test.describe("profile widgets on the dashboard", () => {
  test("nickname: validation, cancel restores, save, and a taken nickname", async ({ page }) => {
    const other = await newMemberApi();
    const taken = uniqueToken("Taken");
    expect((await other.request.put("/api/user/nickname", { data: { nickname: taken } })).status()).toBe(200);

    await openDashboard(page);
    await expect(page.getByTestId("nickname-value")).toHaveText("No nickname set");
    await page.getByRole("button", { name: "Edit nickname" }).click();
    const input = page.getByLabel("Display Name");
    await input.fill("x".repeat(33));
    await expect(page.getByText("Nickname must be 32 characters or less")).toBeVisible();
    await input.fill("   ");
    await expect(page.getByText("Nickname is required")).toBeVisible();
    await input.fill("Never saved");
    await page.getByRole("button", { name: "Cancel nickname edit" }).click();
    await expect(page.getByTestId("nickname-value")).toHaveText("No nickname set");

    const nickname = uniqueToken("Nick");
    await page.getByRole("button", { name: "Edit nickname" }).click();
    await expect(page.getByLabel("Display Name")).toHaveValue("");
    await page.getByLabel("Display Name").fill(nickname);
    await page.getByRole("button", { name: "Save nickname" }).click();
    await expect(toast(page, "Nickname updated successfully!")).toBeVisible();
    await expect(page.getByTestId("nickname-value")).toHaveText(nickname);

    await page.getByRole("button", { name: "Edit nickname" }).click();
    await page.getByLabel("Display Name").fill(taken.toLowerCase());
    await page.getByRole("button", { name: "Save nickname" }).click();
    await expect(toast(page, "Failed to update nickname. It may already be taken.")).toBeVisible();
    await expect(page.getByLabel("Display Name")).toBeVisible(); // stays in edit mode
    await page.getByRole("button", { name: "Cancel nickname edit" }).click();
    await expect(page.getByTestId("nickname-value")).toHaveText(nickname);
    await page.reload();
    await expect(page.getByTestId("nickname-value")).toHaveText(nickname);
    await other.request.dispose();
  });

  test("about: counter, hint, validation toasts, save and cancel", async ({ page }) => {
    const { id } = await openDashboard(page);
    await page.getByRole("button", { name: "Edit about" }).click();
    const about = page.getByLabel("About Me");
    await expect(page.getByText("0/500 characters")).toBeVisible();
    await expect(page.getByText("No links, profanity, or web addresses allowed")).toBeVisible();
    await about.fill("Find me at example.com");
    await expect(page.getByText("22/500 characters")).toBeVisible();
    await expect(page.getByText("About section cannot contain web addresses or domains").first()).toBeVisible();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(toast(page, "About section cannot contain web addresses or domains")).toBeVisible();
    await about.fill("y".repeat(501));
    await expect(page.getByText("501/500 characters")).toBeVisible();
    await expect(page.getByText("About section must be 500 characters or less")).toBeVisible();
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByText("Tell others about yourself. Nothing here yet.")).toBeVisible();

    await page.getByRole("button", { name: "Edit about" }).click();
    await page.getByLabel("About Me").fill("I write cosy fantasy bots.\nSecond line.");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(toast(page, "About section updated successfully!")).toBeVisible();
    await expect(page.getByTestId("about-value")).toHaveText("I write cosy fantasy bots.\nSecond line.");

    await page.goto(`/profile/${id}`);
    await expect(page.getByTestId("profile-about")).toHaveText("I write cosy fantasy bots.\nSecond line.");
  });

  test("social links: each URL checked, only the set ones shown, opening in a new tab", async ({ page }) => {
    const { id } = await openDashboard(page);
    const card = page.locator("[data-slot=card]").filter({ hasText: "Social Media Links" });
    await expect(card.getByText("No social media links added yet.")).toBeVisible();
    await card.getByRole("button", { name: "Edit social media links" }).click();
    const labels = ["Instagram", "Bluesky", "Facebook", "Twitter/X", "Ko-Fi", "Patreon"];
    for (const label of labels) {
      await card.getByLabel(label, { exact: true }).fill("not a url");
      await expect(card.getByText(`Invalid ${label} URL`)).toBeVisible();
      await card.getByLabel(label, { exact: true }).fill("");
      await expect(card.getByText(`Invalid ${label} URL`)).toHaveCount(0);
    }
    await card.getByLabel("Instagram", { exact: true }).fill("https://instagram.com/cosybots");
    await card.getByLabel("Ko-Fi", { exact: true }).fill("https://ko-fi.com/cosybots");
    await card.getByRole("button", { name: "Save", exact: true }).click();
    await expect(toast(page, "Social media links updated successfully!")).toBeVisible();
    await expect(card.getByRole("link")).toHaveCount(2);

    // Cancel restores the stored values.
    await card.getByRole("button", { name: "Edit social media links" }).click();
    await expect(card.getByLabel("Instagram", { exact: true })).toHaveValue("https://instagram.com/cosybots");
    await card.getByLabel("Patreon", { exact: true }).fill("https://patreon.com/unsaved");
    await card.getByRole("button", { name: "Cancel" }).click();
    await expect(card.getByRole("link")).toHaveCount(2);

    await page.goto(`/profile/${id}`);
    const links = page.getByRole("list", { name: "Social media links" }).getByRole("link");
    await expect(links).toHaveCount(2);
    await expect(links.nth(0)).toHaveAttribute("href", "https://instagram.com/cosybots");
    await expect(links.nth(0)).toHaveAttribute("target", "_blank");
    await expect(links.nth(1)).toHaveText("Ko-Fi");
  });

  test("avatar: client checks, cancel, and upload", async ({ page }) => {
    const { id } = await openDashboard(page);
    const input = page.getByTestId("avatar-input");
    await input.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await expect(toast(page, "Invalid file type")).toBeVisible();
    await expect(toast(page, "Please select a JPEG, PNG, or WebP image.")).toBeVisible();
    await input.setInputFiles({
      name: "huge.png",
      mimeType: "image/png",
      buffer: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]),
    });
    await expect(toast(page, "File too large")).toBeVisible();
    await expect(toast(page, "Please select an image smaller than 5MB.")).toBeVisible();

    await input.setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
    await expect(page.getByAltText("New avatar preview")).toBeVisible();
    await page.getByRole("button", { name: "Cancel", exact: true }).click();
    await expect(page.getByRole("button", { name: "Change Avatar" })).toBeVisible();

    await input.setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(toast(page, "Avatar uploaded successfully!")).toBeVisible();
    await expect(page.getByAltText("Your avatar")).toHaveAttribute("src", /\/images\//);

    await page.goto(`/profile/${id}`);
    await expect(page.getByRole("img", { name: /avatar/ })).toHaveAttribute("src", /\/images\//);
  });

  test("a lying file is refused by the server", async ({ page }) => {
    await openDashboard(page);
    await page.getByTestId("avatar-input").setInputFiles({
      name: "fake.png",
      mimeType: "image/png",
      buffer: Buffer.from("definitely not an image"),
    });
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(toast(page, "Failed to upload avatar. Please try again.")).toBeVisible();
  });
});

test.describe("public profile page", () => {
  test("a visitor sees the name, about, set links, counts and SFW listings only", async ({ page }) => {
    const creator = await newMemberApi();
    const nickname = uniqueToken("Creator");
    const put = (path: string, data: unknown) => creator.request.put(path, { data });
    expect((await put("/api/user/nickname", { nickname })).status()).toBe(200);
    expect((await put("/api/user/about", { about: "Stories with heart." })).status()).toBe(200);
    const social = {
      instagramUrl: "",
      blueskyUrl: "https://bsky.app/profile/creator",
      facebookUrl: "",
      twitterUrl: "",
      kofiUrl: "",
      patreonUrl: "",
    };
    expect((await put("/api/user/social-media", social)).status()).toBe(200);
    await createListing(creator.request, { title: "Sunny Knight", storySeries: "Saga", polybuzzCid: "pb1" });
    await createListing(creator.request, { title: "Moon Witch", storySeries: "Saga", roleplayaCid: "rp1" });
    await createListing(creator.request, { title: "Night Secret", nsfw: true, polybuzzCid: "pb2" });

    await page.goto(`/profile/${creator.id}`);
    await expect(page.getByRole("heading", { level: 1, name: nickname })).toBeVisible();
    await expect(page.getByTestId("profile-about")).toHaveText("Stories with heart.");
    const links = page.getByRole("list", { name: "Social media links" }).getByRole("link");
    await expect(links).toHaveCount(1);
    await expect(links).toHaveText("Bluesky");
    await expect(links).toHaveAttribute("target", "_blank");
    await expect(cards(page)).toHaveCount(2);
    await expect(page.getByText("Night Secret")).toHaveCount(0);
    await expect(page.getByTestId("stat-Chatbots")).toHaveText("2");
    await expect(page.getByTestId("stat-Series")).toHaveText("1");
    await expect(page.getByTestId("stat-Platforms")).toHaveText("2");
    await creator.request.dispose();
  });

  test("a signed-in member also sees the creator's NSFW listings", async ({ page }) => {
    const creator = await newMemberApi();
    await createListing(creator.request, { title: "Open Book" });
    await createListing(creator.request, { title: "Closed Book", nsfw: true });
    await signInMember(page);
    await page.goto(`/profile/${creator.id}`);
    await expect(cards(page)).toHaveCount(2);
    await expect(page.getByTestId("stat-Chatbots")).toHaveText("2");
    await creator.request.dispose();
  });

  test("the name falls back to the e-mail, and a creator without listings has the empty state", async ({ page }) => {
    const creator = await newMemberApi();
    await signInMember(page);
    await page.goto(`/profile/${creator.id}`);
    await expect(page.getByRole("heading", { level: 1, name: creator.account.email })).toBeVisible();
    await expect(page.getByText("This user hasn't created any chatbots yet.")).toBeVisible();
    await expect(page.getByTestId("stat-Chatbots")).toHaveText("0");
    await expect(page.getByRole("list", { name: "Social media links" })).toHaveCount(0);
    await creator.request.dispose();
  });

  test("six placeholders while the listings load", async ({ page }) => {
    const creator = await newMemberApi();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/trpc/chatbots.byUser*", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/profile/${creator.id}`);
    await expect(page.getByTestId("chatbot-card-skeleton")).toHaveCount(6);
    release();
    await expect(page.getByText("This user hasn't created any chatbots yet.")).toBeVisible();
    await expect(page.getByTestId("chatbot-card-skeleton")).toHaveCount(0);
    await creator.request.dispose();
  });

  test("an unknown user is not found", async ({ page }) => {
    await page.goto(`/profile/${randomUUID()}`);
    await expect(page.getByRole("heading", { name: "User Not Found" })).toBeVisible();
  });
});
