import { platformsOf } from "@gallery/schema/platforms";
import { describe, expect, it } from "vitest";
import { distinctPlatforms, platformCountLabel, visibleTags } from "./chatbot-display";

describe("platformsOf", () => {
  it("counts the identifiers present", () => {
    expect(platformsOf({ polybuzzCid: "a", roleplayaCid: null })).toEqual(["polybuzz"]);
    expect(platformsOf({ polybuzzCid: "a", roleplayaCid: "b" })).toEqual(["polybuzz", "roleplaya"]);
    expect(platformsOf({ polybuzzCid: "", roleplayaCid: null })).toEqual([]);
  });

  it("by link: an identifier or a URL (admin table, listing page)", () => {
    expect(platformsOf({ polybuzzCid: null, roleplayaUrl: "https://roleplaya.com/x" })).toEqual([]);
    expect(platformsOf({ polybuzzCid: null, roleplayaUrl: "https://roleplaya.com/x" }, "link")).toEqual(["roleplaya"]);
  });

  it("finds distinct platforms over listings", () => {
    const bots = [
      { polybuzzCid: "a", roleplayaCid: null },
      { polybuzzCid: "b", roleplayaCid: null },
    ];
    expect(distinctPlatforms(bots)).toEqual(["polybuzz"]);
    expect(distinctPlatforms([...bots, { polybuzzCid: null, roleplayaCid: "c" }])).toHaveLength(2);
  });
});

describe("labels", () => {
  it("pluralises the platform count", () => {
    expect(platformCountLabel(1)).toBe("1 platform");
    expect(platformCountLabel(2)).toBe("2 platforms");
    expect(platformCountLabel(0)).toBe("0 platforms");
  });
});

describe("visibleTags", () => {
  it("shows up to the limit and counts the rest", () => {
    expect(visibleTags(["a", "b", "c", "d", "e"], 3)).toEqual({ shown: ["a", "b", "c"], rest: 2 });
    expect(visibleTags(["a"], 2)).toEqual({ shown: ["a"], rest: 0 });
    expect(visibleTags([], 3)).toEqual({ shown: [], rest: 0 });
  });
});
