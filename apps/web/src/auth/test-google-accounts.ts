/**
 * Google accounts for the Auth emulator (local stack only). The emulator accepts an unsigned Google
 * ID token written as JSON claims, so signing in with one needs no Google and no internet.
 */
export interface TestGoogleAccount {
  email: string;
  name: string;
}

/** The accounts the emulator-mode chooser lists; "Add account" signs in with any other. */
export const TEST_GOOGLE_ACCOUNTS: readonly TestGoogleAccount[] = [
  { email: "ada.lovelace@example.com", name: "Ada Lovelace" },
  { email: "grace.hopper@example.com", name: "Grace Hopper" },
  { email: "alan.turing@example.com", name: "Alan Turing" },
];

/**
 * The fake ID token the emulator takes (`GoogleAuthProvider.credential(token)`). Its `sub` (the
 * Google account id) is derived from the e-mail, so the same e-mail is the same account every time.
 */
export function fakeGoogleIdToken({ email, name }: TestGoogleAccount): string {
  const canonical = email.trim().toLowerCase();
  return JSON.stringify({
    sub: `emulator-${canonical}`,
    email: canonical,
    email_verified: true,
    ...(name.trim() ? { name: name.trim() } : {}),
  });
}
