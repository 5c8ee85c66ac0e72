// `pnpm deps` (and `pnpm test`): the api's layers and no circles anywhere.
// apps/api/src, from the top: server.ts, cli/, seed/ → app.ts → plugins/ → http/, trpc/ → calls/ → domain/ →
// services/ and config.ts. An import may only run downwards; a type-only import of a plugin (for the request
// and app decorations it declares) is not a dependency at run time and is allowed.
const API = "^apps/api/src/";

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
  ],
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: "node_modules" },
    exclude: { path: "\\.test\\.ts$" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
    },
  },
};
