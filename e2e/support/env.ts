// Where the services of a browser-test run are; playwright.config.ts fills these in for the workers.

export const PROJECT_ID = process.env.FIREBASE_PROJECT_ID || "demo-chatbot-gallery";

/** host:port of the Firebase Auth emulator the app under test uses. */
export function emulatorHost(): string {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host)
    throw new Error("FIREBASE_AUTH_EMULATOR_HOST is not set: run the browser tests with pnpm test or pnpm test:e2e");
  return host;
}

/** Origin of the app under test, e.g. http://127.0.0.1:41234. */
export function appOrigin(): string {
  return `http://127.0.0.1:${process.env.E2E_PORT}`;
}
