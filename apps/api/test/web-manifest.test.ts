// The page code a served head preloads, from the web build's manifest (services/web-manifest.ts).
import { describe, expect, it } from "vitest";
import { pageModules, type WebManifest } from "../src/services/web-manifest.js";

const manifest: WebManifest = {
  "index.html": { file: "assets/index-1.js", isEntry: true, imports: ["_vendor.js"] },
  "_vendor.js": { file: "assets/vendor-1.js" },
  "_grid.js": { file: "assets/grid-1.js", imports: ["_vendor.js", "_signal.js"] },
  "_signal.js": { file: "assets/signal-1.js" },
  "src/pages/browse.tsx": { file: "assets/browse-1.js", imports: ["_vendor.js", "_grid.js"] },
  "src/components/browse/discovery-rails.tsx": { file: "assets/rails-1.js", imports: ["_signal.js"] },
  "src/pages/listing.tsx": { file: "assets/listing-1.js", imports: ["_grid.js"] },
};

describe("pageModules", () => {
  it("names a page's chunk and everything it imports, all the way down, except what the entry already loads", () => {
    expect(pageModules(manifest, ["browse", "rails"]).sort()).toEqual(
      ["/assets/browse-1.js", "/assets/grid-1.js", "/assets/rails-1.js", "/assets/signal-1.js"].sort(),
    );
    expect(pageModules(manifest, ["listing"]).sort()).toEqual(
      ["/assets/grid-1.js", "/assets/listing-1.js", "/assets/signal-1.js"].sort(),
    );
  });

  it("names nothing for a page the build does not have, or without a manifest", () => {
    expect(pageModules(manifest, ["profile"])).toEqual([]);
    expect(pageModules({}, ["browse"])).toEqual([]);
  });
});
