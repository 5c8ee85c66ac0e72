// The deployed server (`pnpm deploy --prod`, the image) carries no TypeScript compiler and no type
// declarations. These packages list type-only packages as run-time dependencies or peers; dropping those
// edges changes nothing at run time, and the workspace's own devDependencies still give the types to `tsc`.
// apps/api/test/dependencies.test.ts checks the production tree.
const typeOnly = {
  "@trpc/server": ["typescript"],
  "google-gax": ["@types/long"],
  "jwks-rsa": ["@types/jsonwebtoken"],
  logform: ["@types/triple-beam"],
  protobufjs: ["@types/node"],
  "retry-request": ["@types/request"],
  sharp: ["@types/node"],
};

/** The packed client (`pnpm --filter @chatbot-gallery/client pack`) carries no workspace-only fields. */
const PACKED_BARE = new Set(["@chatbot-gallery/client"]);

module.exports = {
  hooks: {
    beforePacking(pkg) {
      if (PACKED_BARE.has(pkg.name)) {
        delete pkg.devDependencies;
        delete pkg.scripts;
      }
      return pkg;
    },
    readPackage(pkg) {
      for (const name of typeOnly[pkg.name] ?? []) {
        for (const field of ["dependencies", "peerDependencies", "peerDependenciesMeta"]) delete pkg[field]?.[name];
      }
      return pkg;
    },
  },
};
