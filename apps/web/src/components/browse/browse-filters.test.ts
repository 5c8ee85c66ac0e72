import { describe, expect, it } from "vitest";
import { botCountLabel, hasActiveFilters, toListInput } from "./browse-filters";

describe("toListInput", () => {
  it("omits the unfiltered values", () => {
    expect(toListInput({ search: "  ", platform: "all", content: "all" }, true)).toEqual({});
  });

  it("maps the content filter to nsfw for members", () => {
    expect(toListInput({ search: "", platform: "all", content: "sfw" }, true)).toEqual({ nsfw: false });
    expect(toListInput({ search: "", platform: "all", content: "nsfw" }, true)).toEqual({ nsfw: true });
  });

  it("never sends a content filter for visitors", () => {
    expect(toListInput({ search: " luna ", platform: "roleplaya", content: "nsfw" }, false)).toEqual({
      search: "luna",
      platform: "roleplaya",
    });
  });
});

describe("labels and state", () => {
  it("counts bots", () => {
    expect(botCountLabel({ count: 0, capped: false })).toBe("0 bots");
    expect(botCountLabel({ count: 1, capped: false })).toBe("1 bot");
    expect(botCountLabel({ count: 25, capped: false })).toBe("25 bots");
    expect(botCountLabel({ count: 1000, capped: true })).toBe("1000+ bots");
  });

  it("knows when a filter is active", () => {
    expect(hasActiveFilters({ search: "", platform: "all", content: "all" })).toBe(false);
    expect(hasActiveFilters({ search: "x", platform: "all", content: "all" })).toBe(true);
    expect(hasActiveFilters({ search: "", platform: "polybuzz", content: "all" })).toBe(true);
  });
});
