// The `test` every spec imports: Playwright's, plus a browser that cannot reach the internet, so a
// test never depends on (or leaks to) anything but the app under test and the local emulator.
import { test as base, expect } from "@playwright/test";

const LOCAL = new Set(["127.0.0.1", "localhost", "[::1]"]);

export const test = base.extend<{ internetBlocked: undefined }>({
  internetBlocked: [
    async ({ context }, use) => {
      await context.route(
        (url) => (url.protocol === "http:" || url.protocol === "https:") && !LOCAL.has(url.hostname),
        (route) => route.abort("internetdisconnected"),
      );
      await use(undefined);
    },
    { auto: true },
  ],
});

export { expect };
