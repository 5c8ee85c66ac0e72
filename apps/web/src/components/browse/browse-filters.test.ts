import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import {
  activeFilterCount,
  botCountLabel,
  cycleTag,
  hasActiveFilters,
  readBrowseAddress,
  refusedParts,
  shownCount,
  tagState,
  toListInput,
  validateBrowseSearch,
} from "./browse-filters";

describe("validateBrowseSearch", () => {
  it("keeps every param as text, a wrong one too (readBrowseAddress names it), and drops a blank term", () => {
    expect(validateBrowseSearch({ search: "elf", platform: "roleplaya", content: "nsfw" })).toEqual({
      search: "elf",
      platform: "roleplaya",
      content: "nsfw",
    });
    expect(validateBrowseSearch({ search: "  ", platform: "myspace", content: "all", page: 2 })).toEqual({
      platform: "myspace",
      content: "all",
    });
    expect(validateBrowseSearch({})).toEqual({});
  });

  it("keeps a number the router parsed as text", () => {
    expect(validateBrowseSearch({ search: 2077, sort: 42 })).toEqual({ search: "2077", sort: "42" });
  });

  it("normalises the tag lists", () => {
    expect(validateBrowseSearch({ tags: " a, b,,a ", excludeTags: ["c", "d"] })).toEqual({
      tags: "a,b",
      excludeTags: "c,d",
    });
  });
});

describe("readBrowseAddress", () => {
  it("gives the filters of a good address, with no problem", () => {
    expect(readBrowseAddress({ view: "following", sort: "saved", platform: "polybuzz", search: "elf" })).toEqual({
      filters: { view: "following", sort: "saved", platform: "polybuzz", search: "elf" },
      problems: [],
    });
    // Newest is the default order: the filters leave it out.
    expect(readBrowseAddress({ sort: "newest" })).toEqual({ filters: {}, problems: [] });
  });

  it("names each part whose value is none of its choices, as the address has it, and leaves it out of the filters", () => {
    const { filters, problems } = readBrowseAddress({
      search: "elf",
      sort: "bogus",
      platform: "myspace",
      content: "all",
      view: "everything",
    });
    expect(filters).toEqual({ search: "elf" });
    expect(problems).toEqual([
      { part: "platform", value: "myspace" },
      { part: "content", value: "all" },
      { part: "sort", value: "bogus" },
      { part: "view", value: "everything" },
    ]);
  });

  it("leaves free text to the server (its limits are its own)", () => {
    expect(readBrowseAddress({ search: "s".repeat(300), tags: "t".repeat(60) }).problems).toEqual([]);
  });
});

describe("refusedParts", () => {
  const refused = (fieldErrors?: Record<string, string[]>) =>
    new TRPCClientError("refused", {
      result: {
        error: { code: -32600, message: "refused", data: { code: "BAD_REQUEST", httpStatus: 400, fieldErrors } },
      },
    });

  it("maps the server's refused input fields to the parts of the address, with its reason", () => {
    const tag = "t".repeat(60);
    expect(
      refusedParts(refused({ tags: ["Each tag must be 50 characters or less"] }), { tags: tag, sort: "az" }),
    ).toEqual([{ part: "tags", value: tag, reason: "Each tag must be 50 characters or less" }]);
    expect(refusedParts(refused({ nsfw: ["Invalid input"] }), { content: "sfw" })).toEqual([
      { part: "content", value: "sfw", reason: "Invalid input" },
    ]);
  });

  it("blames the whole address when the server names no part of it, and nothing for other failures", () => {
    expect(refusedParts(refused(), {})).toEqual([{ part: null, value: "", reason: "refused" }]);
    expect(refusedParts(refused({ cursor: ["Invalid cursor"] }), {})).toEqual([
      { part: null, value: "", reason: "refused" },
    ]);
    expect(refusedParts(null, {})).toBeNull();
    expect(refusedParts(new Error("Failed to fetch"), {})).toBeNull();
  });
});

describe("shownCount", () => {
  it("shows no count while the list is not there (loading or failed), whatever the count says", () => {
    expect(shownCount(undefined, { count: 50, capped: false })).toBeUndefined();
  });

  it("takes a complete list's own length, so an empty list never stands under a count of bots", () => {
    expect(shownCount({ loaded: 0, complete: true }, { count: 50, capped: false })).toEqual({
      count: 0,
      capped: false,
    });
    expect(shownCount({ loaded: 3, complete: true }, "failed")).toEqual({ count: 3, capped: false });
  });

  it("takes the server's count while more pages remain, never below what is loaded", () => {
    expect(shownCount({ loaded: 24, complete: false }, { count: 57, capped: false })).toEqual({
      count: 57,
      capped: false,
    });
    expect(shownCount({ loaded: 24, complete: false }, { count: 10, capped: false })).toEqual({
      count: 24,
      capped: true,
    });
    expect(shownCount({ loaded: 24, complete: false }, "failed")).toEqual({ count: 24, capped: true });
    expect(shownCount({ loaded: 24, complete: false }, undefined)).toBeUndefined();
  });
});

describe("toListInput", () => {
  it("omits the unfiltered values", () => {
    expect(toListInput({ search: "  " })).toEqual({});
    expect(toListInput({})).toEqual({});
  });

  it("maps the content filter to nsfw (NSFW Included leaves nothing out) and trims the term", () => {
    expect(toListInput({ content: "sfw" })).toEqual({ nsfw: false });
    expect(toListInput({ search: " luna ", platform: "roleplaya", content: "nsfw" })).toEqual({
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
    expect(readBrowseAddress(validateBrowseSearch({ sort: "newest", tags: " , " })).filters).toEqual({});
    expect(readBrowseAddress(validateBrowseSearch({ sort: "random", tags: 42 })).filters).toEqual({ tags: "42" });
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
