import { z } from "zod";

/** What signing in and out tells a person, once (tested word for word). */
export const AUTH_MESSAGES = {
  /** A new sign-in whose e-mail another account holds, while the provider has not verified that e-mail. */
  emailTaken: "An account with this e-mail already exists. Verify your e-mail address to sign in.",
  signOutEverywhere: "Sign out everywhere",
  signOutEverywhereHelp:
    "Signs your account out of every browser and device, this one included; each must sign in again. API tokens are not sessions: revoke them in API tokens.",
  signOutEverywhereConfirm:
    "Sign out of every browser and device, this one included? Anyone using your account elsewhere is signed out at once.",
  signOutEverywhereDone: "Signed out everywhere",
  signOutEverywhereFailed: "Could not sign out everywhere. Try again.",
} as const;

/** Signing in: an ID token of the identity provider (Firebase Authentication). */
export const signInInputSchema = z.object({
  idToken: z
    .string({ error: "idToken is required" })
    .min(1, "idToken is required")
    .max(8192, "idToken must be 8192 characters or less")
    .meta({ description: "An ID token of the identity provider (Firebase Authentication)." }),
});

/** What the web app needs to talk to the identity provider. */
export const clientConfigSchema = z
  .object({
    firebase: z.object({
      apiKey: z.string(),
      authDomain: z.string(),
      projectId: z.string().optional(),
      appId: z.string().optional(),
    }),
    /** The Auth emulator's address in development and tests; null in production. */
    authEmulatorUrl: z.string().nullable(),
  })
  .meta({ id: "ClientConfig" });
export type ClientConfig = z.infer<typeof clientConfigSchema>;
