import { describe, expect, it } from "vitest";
import {
  activeFilterCount,
  botCountLabel,
  cycleTag,
  hasActiveFilters,
  tagState,
  toListInput,
  validateBrowseSearch,
} from "./browse-filters";

describe("validateBrowseSearch", () => {
  it("keeps valid filters and drops the rest", () => {
    expect(validateBrowseSearch({ search: "elf", platform: "roleplaya", content: "nsfw" })).toEqual({
      search: "elf",
      platform: "roleplaya",
      content: "nsfw",
    });
    expect(validateBrowseSearch({ search: "  ", platform: "myspace", content: "all", page: 2 })).toEqual({});
    expect(validateBrowseSearch({})).toEqual({});
  });

  it("keeps a numeric term as text", () => {
    expect(validateBrowseSearch({ search: 2077 })).toEqual({ search: "2077" });
  });

  it("keeps the Following view and the Most saved order; other views are dropped", () => {
    expect(validateBrowseSearch({ view: "following", sort: "saved" })).toEqual({ view: "following", sort: "saved" });
    expect(validateBrowseSearch({ view: "everything" })).toEqual({});
  });
});

describe("toListInput", () => {
  it("omits the unfiltered values", () => {
    expect(toListInput({ search: "  " })).toEqual({});
    expect(toListInput({})).toEqual({});
  });

  it("maps the content filter to nsfw and trims the term", () => {
    expect(toListInput({ content: "sfw" })).toEqual({ nsfw: false });
    expect(toListInput({ search: " luna ", platform: "roleplaya", content: "nsfw" })).toEqual({
      search: "luna",
      platform: "roleplaya",
      nsfw: true,
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
    expect(hasActiveFilters({})).toBe(false);
    expect(hasActiveFilters({ search: "x" })).toBe(true);
    expect(hasActiveFilters({ platform: "polybuzz" })).toBe(true);
    expect(hasActiveFilters({ content: "sfw" })).toBe(true);
  });

  it("does not count a content filter for a visitor (e.g. after signing out with 'NSFW Included')", () => {
    expect(hasActiveFilters({ content: "nsfw" }, "visitor")).toBe(false);
    expect(hasActiveFilters({ content: "nsfw", platform: "polybuzz" }, "visitor")).toBe(true);
    expect(hasActiveFilters({ content: "nsfw" }, "member")).toBe(true);
  });

  it("counts the filters a phone's sheet holds: platform, a member's content, a sort, each chosen tag", () => {
    expect(activeFilterCount({})).toBe(0);
    expect(activeFilterCount({ search: "moon" })).toBe(0);
    expect(activeFilterCount({ platform: "polybuzz", content: "sfw", sort: "az" })).toBe(3);
    expect(activeFilterCount({ tags: "a,b", excludeTags: "c" })).toBe(3);
    expect(activeFilterCount({ content: "nsfw", platform: "roleplaya" }, "visitor")).toBe(1);
  });
});

describe("sort and tags", () => {
  it("keeps a known sort (newest is the default, so it is left out) and normalised tag lists", () => {
    expect(
      validateBrowseSearch({ sort: "popular", tags: " fantasy, ,romance,fantasy", excludeTags: "horror" }),
    ).toEqual({
      sort: "popular",
      tags: "fantasy,romance",
      excludeTags: "horror",
    });
    expect(validateBrowseSearch({ sort: "newest", tags: " , " })).toEqual({});
    expect(validateBrowseSearch({ sort: "random", tags: 42 })).toEqual({ tags: "42" });
  });

  it("sends tags as lists; the sort goes with the list only, not the count", () => {
    expect(toListInput({ tags: "a,b", excludeTags: "c", sort: "az" })).toEqual({
      tags: ["a", "b"],
      excludeTags: ["c"],
    });
  });

  it("cycles a chip: neutral, included, excluded, neutral", () => {
    const included = cycleTag({}, "elf");
    expect(included).toEqual({ tags: "elf", excludeTags: undefined });
    expect(tagState(included, "elf")).toBe("include");
    const excluded = cycleTag({ tags: "elf,orc" }, "elf");
    expect(excluded).toEqual({ tags: "orc", excludeTags: "elf" });
    expect(tagState(excluded, "elf")).toBe("exclude");
    expect(cycleTag({ excludeTags: "elf" }, "elf")).toEqual({ tags: undefined, excludeTags: undefined });
  });

  it("counts chosen tags as active filters", () => {
    expect(hasActiveFilters({ tags: "elf" })).toBe(true);
    expect(hasActiveFilters({ excludeTags: "elf" })).toBe(true);
  });
});
