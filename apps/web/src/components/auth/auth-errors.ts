/**
 * Friendly wording for the identity provider's error codes (the spec leaves it open). Unknown
 * codes fall back to the error's own message, then to the spec's generic text.
 */
const MESSAGES: Record<string, string> = {
  "auth/invalid-credential": "Incorrect email or password.",
  "auth/wrong-password": "Incorrect email or password.",
  "auth/user-not-found": "Incorrect email or password.",
  "auth/invalid-email": "Invalid email address",
  "auth/email-already-in-use": "An account with this email already exists. Try signing in instead.",
  "auth/weak-password": "Password must be at least 6 characters long.",
  "auth/password-does-not-meet-requirements":
    "The password does not meet the requirements. Please choose a stronger one.",
  "auth/too-many-requests": "Too many attempts. Please wait a moment and try again.",
  "auth/network-request-failed": "Network error. Please check your connection and try again.",
  "auth/user-disabled": "This account has been disabled.",
  "auth/unauthorized-domain": "Sign-in is not enabled for this address.",
  "auth/user-mismatch": "That account does not match the signed-in user.",
};

export function authErrorMessage(error: unknown): string {
  const code = (error as { code?: string } | null)?.code;
  if (code && MESSAGES[code]) return MESSAGES[code];
  const message = error instanceof Error ? error.message : "";
  return message || "Authentication failed. Please try again.";
}
