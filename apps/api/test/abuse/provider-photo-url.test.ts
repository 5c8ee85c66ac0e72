import { describe, expect } from "vitest";
import type { TestApp } from "../support/app.js";
import { createGoogleAccount, signInWithToken } from "../support/auth.js";
import { test } from "../support/fixtures.js";

/**
 * Issue 36, "Also seen": a provider photo URL (the ID token's `picture` claim) was stored unchecked, and a
 * `javascript:` address was accepted (React and the CSP blocked it on the way out). Only an https address is kept;
 * anything else is stored as null, at a first sign-in and at every later one (which also clears an old bad value).
 */

let app: TestApp;
test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
});

const email = () => `photo-${crypto.randomUUID()}@example.com`;
const storedPhoto = async (id: string) =>
  (await app.database.db.selectFrom("users").select("profileImageUrl").where("id", "=", id).executeTakeFirstOrThrow())
    .profileImageUrl;

describe("the provider's photo address", () => {
  test.each([
    "javascript:alert(document.cookie)",
    "JavaScript:alert(1)",
    "data:image/svg+xml;base64,PHN2Zy8+",
    "http://photos.example/me.png",
    "//photos.example/me.png",
    "not a url",
  ])("%s is not stored", async (picture) => {
    const account = await createGoogleAccount({ email: email(), name: "Photo Test", picture });
    const { user } = await signInWithToken(app, account.idToken);
    expect(user.profileImageUrl).toBeNull();
    expect(await storedPhoto(user.id)).toBeNull();
  });

  test("an https address is kept", async () => {
    const picture = "https://lh3.googleusercontent.com/a/photo=s96-c";
    const account = await createGoogleAccount({ email: email(), name: "Photo Test", picture });
    const { user } = await signInWithToken(app, account.idToken);
    expect(user.profileImageUrl).toBe(picture);
  });

  test("a bad address stored before is dropped at the next sign-in", async () => {
    const address = email();
    const first = await createGoogleAccount({ email: address, name: "Photo Test" });
    const { user } = await signInWithToken(app, first.idToken);
    await app.database.db
      .updateTable("users")
      .set({ profileImageUrl: "javascript:alert(1)" })
      .where("id", "=", user.id)
      .execute();
    const again = await signInWithToken(app, first.idToken);
    expect(again.user.profileImageUrl).toBeNull();
    expect(await storedPhoto(user.id)).toBeNull();
  });
});
