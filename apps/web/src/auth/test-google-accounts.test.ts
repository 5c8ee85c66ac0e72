import { describe, expect, it } from "vitest";
import { fakeGoogleIdToken, TEST_GOOGLE_ACCOUNTS } from "./test-google-accounts";

describe("fakeGoogleIdToken (the Auth emulator's unsigned Google ID token)", () => {
  it("is JSON claims with the required sub, the e-mail verified and the name", () => {
    expect(JSON.parse(fakeGoogleIdToken({ email: "Ada@Example.com ", name: " Ada Lovelace " }))).toEqual({
      sub: "emulator-ada@example.com",
      email: "ada@example.com",
      email_verified: true,
      name: "Ada Lovelace",
    });
  });

  it("gives one e-mail one Google account id, whatever its case, and leaves an empty name out", () => {
    const a = JSON.parse(fakeGoogleIdToken({ email: "zed@example.com", name: "" }));
    const b = JSON.parse(fakeGoogleIdToken({ email: "ZED@example.com", name: "Zed" }));
    expect(a.sub).toBe(b.sub);
    expect(a).not.toHaveProperty("name");
  });

  it("lists a few test accounts with distinct e-mails", () => {
    const emails = TEST_GOOGLE_ACCOUNTS.map((account) => account.email);
    expect(emails.length).toBeGreaterThanOrEqual(3);
    expect(new Set(emails).size).toBe(emails.length);
  });
});
