// `pnpm deps` (and `pnpm test`): the api's layers and no circles anywhere.
// apps/api/src, from the top: server.ts, cli/, seed/ → app.ts → plugins/ → http/, trpc/ → calls/ → domain/ →
// services/ and config.ts. An import may only run downwards; a type-only import is not a dependency at run time
// and is allowed between layers. Inside the domain, its folders are floors too (DOMAIN_FLOORS below); the web goes
// router → pages → components → auth → lib/hooks, with shared components from @gallery/ui only; packages/ import no app.
const API = "^apps/api/src/";
const DOMAIN = `${API}domain/`;
const WEB = "^apps/web/src/";

// The domain's own floors, from the top: a folder imports its own floor or lower ones, never a higher one.
// admin/ (the admin panel's actions) uses moderation/, which reacts to listings (reports, actions, possible
// duplicates) and counts visitors as stats/ does; members/ (favourites, follows) and stats/ read listings/; listings/
// embed their creator (users/); users/ and listings/ store pictures (images/) and write audit/ entries; images/
// runs its maintenance as jobs/. Under them all: paging.ts and the plain files (errors, deps, policy, upload).
// reviews/ (issue 38) stands under moderation/ (a review is reportable and moderated) and reads listings/ and stats/.
// feeds.ts and sitemap.ts read from the top, and nothing in the domain imports them.
const DOMAIN_FLOORS = [
  "admin",
  "moderation",
  "reviews",
  "members",
  "stats",
  "listings",
  "users",
  "images",
  "audit",
  "jobs",
];
const DOMAIN_BASE = ["errors", "deps", "policy", "upload", "paging"];

/** A rule that files under `from` import nothing under any of `to` (type-only imports of plugins excepted). */
const below = (name, from, to, comment) => ({
  name,
  comment,
  severity: "error",
  from: { path: `${API}(${from})` },
  to: { path: `${API}(${to.join("|")})`, dependencyTypesNot: ["type-only"] },
});

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment:
        "Modules that import each other, directly or round a circle, cannot be understood one at a time. " +
        "Except through apps/api/src/fastify-types.ts, Fastify's type additions: it declares types only (nothing runs), " +
        "names each decoration's type where it is made, and is read by the modules that use a decoration.",
      severity: "error",
      from: {},
      to: { circular: true, viaOnly: { pathNot: `${API}fastify-types\\.ts$` } },
    },
    below(
      "domain-is-plain",
      "domain/",
      ["calls/", "trpc/", "http/", "plugins/", "app\\.ts", "server\\.ts", "cli/", "seed/"],
      "The domain is plain TypeScript: it knows no call, transport or plugin.",
    ),
    {
      name: "domain-has-no-transport",
      comment: "No tRPC or Fastify in the domain: domain errors are mapped by each edge.",
      severity: "error",
      from: { path: `${API}domain/` },
      to: { path: "node_modules/(@trpc|fastify|@fastify)/" },
    },
    below(
      "calls-know-no-edge",
      "calls/",
      ["trpc/", "http/", "plugins/", "app\\.ts", "server\\.ts"],
      "A call is declared once, for both edges: it knows neither.",
    ),
    below(
      "trpc-is-an-edge",
      "trpc/",
      ["http/", "plugins/", "app\\.ts", "server\\.ts"],
      "tRPC builds procedures from the calls; it does not reach into REST or the plugins.",
    ),
    below(
      "http-is-an-edge",
      "http/",
      ["trpc/", "plugins/", "app\\.ts", "server\\.ts"],
      "REST builds routes from the calls; it never reaches into a plugin's internals.",
    ),
    below(
      "services-are-adapters",
      "services/",
      ["domain/", "calls/", "trpc/", "http/", "plugins/", "app\\.ts", "server\\.ts"],
      "Services adapt the outside world (database, storage, identity); they know nothing of the app above them.",
    ),
    below(
      "plugins-do-not-start-the-app",
      "plugins/",
      ["app\\.ts", "server\\.ts", "cli/"],
      "Plugins are registered by app.ts; they never import it.",
    ),
    ...DOMAIN_FLOORS.slice(1).map((floor, index) => ({
      name: `domain-${floor}-below-${DOMAIN_FLOORS[index]}`,
      comment: `domain/${floor}/ is below ${DOMAIN_FLOORS.slice(0, index + 1).join(", ")} (the floors above DOMAIN_FLOORS): it imports none of them.`,
      severity: "error",
      from: { path: `${DOMAIN}${floor}/` },
      to: { path: `${DOMAIN}(${DOMAIN_FLOORS.slice(0, index + 1).join("|")})/`, dependencyTypesNot: ["type-only"] },
    })),
    {
      name: "domain-base-is-the-floor",
      comment:
        "The domain's plain files (errors, deps, policy, upload, paging) are what every folder stands on: they import none.",
      severity: "error",
      from: { path: `${DOMAIN}(${DOMAIN_BASE.join("|")})\\.ts$` },
      to: { path: `${DOMAIN}[^/]+/` },
    },
    {
      name: "web-pages-are-routes",
      comment:
        "A page is a route's screen (router.tsx imports it); components, lib, auth and hooks never import a page.",
      severity: "error",
      from: { path: `${WEB}(components|lib|auth|hooks)/` },
      to: { path: `${WEB}(pages/|router\\.tsx|main\\.tsx|entry-server\\.tsx|app-providers\\.tsx)` },
    },
    {
      name: "web-lib-is-the-floor",
      comment:
        "lib/ and hooks/ (the tRPC client, errors, small hooks) are under the components and the session (auth/).",
      severity: "error",
      from: { path: `${WEB}(lib|hooks)/` },
      to: { path: `${WEB}(components|pages|auth)/` },
    },
    {
      name: "web-auth-below-components",
      comment: "The session (auth/) is read by components and pages; it draws nothing of theirs.",
      severity: "error",
      from: { path: `${WEB}auth/` },
      to: { path: `${WEB}(components|pages)/` },
    },
    {
      name: "web-ui-package-only",
      comment:
        "Shared components come from @gallery/ui alone, through its exports (index, the lazily loaded toaster and confirm dialog, styles): " +
        "no Radix primitive or ui source file imported around it.",
      severity: "error",
      from: { path: WEB },
      to: {
        path: "(node_modules/(@radix-ui|\\.pnpm/@radix-ui)|^packages/ui/src/(?!(index\\.ts|toaster\\.tsx|confirm-dialog\\.tsx|styles\\.css)$))",
      },
    },
    {
      name: "web-knows-the-api-by-its-router-type",
      comment: "The web reaches the api only through tRPC: a type-only import of the router (@gallery/api/router).",
      severity: "error",
      from: { path: WEB },
      to: { path: "^apps/api/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "packages-know-no-app",
      comment:
        "packages/ are below the apps: the shared schema, database, components and the published client import no app.",
      severity: "error",
      from: { path: "^packages/(db|schema|ui|client)/src/" },
      to: { path: "^apps/" },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: "node_modules" },
    exclude: { path: "\\.test\\.tsx?$" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
    },
  },
};
