import { defineConfig } from "vitest/config";

/**
 * The API tests again on the embedded database, exactly as `pnpm start` runs it: PGlite behind its loopback
 * socket, the same pool and connection settings (TEST_DATABASE=embedded: test/support/services.ts gives each
 * test app an embedded database of its own instead of one on the run's PostgreSQL). Every listing, member,
 * moderation and read-model test, and the idle and restart tests; not the ones about PostgreSQL itself
 * (several instances on one database, restarting PostgreSQL, the load test's server).
 */
export default defineConfig({
  test: {
    name: "api-embedded",
    environment: "node",
    env: { TEST_DATABASE: "embedded" },
    include: [
      "test/abuse/**/*.test.ts",
      "test/absolute-image-urls.test.ts",
      "test/admin-images.test.ts",
      "test/admin.test.ts",
      "test/api-tokens.test.ts",
      "test/age-and-email.test.ts",
      "test/auth-sessions.test.ts",
      "test/auth.test.ts",
      "test/audit.test.ts",
      "test/card-signals.test.ts",
      "test/authorization.test.ts",
      "test/chatbots-domain.test.ts",
      "test/character-cards.test.ts",
      "test/chatbots.test.ts",
      "test/click-stats.test.ts",
      "test/discovery.test.ts",
      "test/embedded-restart.test.ts",
      "test/favorites.test.ts",
      "test/feeds.test.ts",
      "test/first-reads.test.ts",
      "test/first-screen.test.ts",
      "test/follows.test.ts",
      "test/listing-facets.test.ts",
      "test/health.test.ts",
      "test/honest-states.test.ts",
      "test/idle.test.ts",
      "test/image-caches.test.ts",
      "test/listing-pages.test.ts",
      "test/profile-privacy.test.ts",
      "test/read-model.test.ts",
      "test/reports.test.ts",
      "test/sitemap-files.test.ts",
      "test/rest.test.ts",
      "test/safety-settings.test.ts",
      "test/shared-copies-changes.test.ts",
      "test/shared-copies-contract.test.ts",
      "test/share-previews.test.ts",
      "test/trpc-uploads.test.ts",
      "test/users.test.ts",
      "test/verification.test.ts",
      "test/write-races.test.ts",
    ],
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
