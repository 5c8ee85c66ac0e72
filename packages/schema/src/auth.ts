import { z } from "zod";

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
