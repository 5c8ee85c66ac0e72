import type { Chatbot } from "@gallery/schema/types";
import { describe, expect, it } from "vitest";
import { dashboardStats, distinctSeries, filterChatbots, isFiltered } from "./dashboard-filters";

const bot = (title: string, over: Partial<Chatbot> = {}) =>
  ({ title, tags: [], storySeries: null, polybuzzCid: null, roleplayaCid: null, ...over }) as Chatbot;

const bots = [
  bot("Luna", { tags: ["Fantasy", "moon"], storySeries: "Night Tales", polybuzzCid: "p1" }),
  bot("Captain Rex", { tags: ["space"], storySeries: "Star Saga", roleplayaCid: "r1" }),
  bot("Sol", { tags: ["sun"], storySeries: "Night Tales", polybuzzCid: "p2" }),
  bot("Lone Wolf"),
];

describe("filterChatbots", () => {
  it("matches the title or any tag, case-insensitively", () => {
    expect(filterChatbots(bots, { search: "LUNA", series: "" }).map((b) => b.title)).toEqual(["Luna"]);
    expect(filterChatbots(bots, { search: "fantasy", series: "" }).map((b) => b.title)).toEqual(["Luna"]);
    expect(filterChatbots(bots, { search: "  ", series: "" })).toHaveLength(4);
  });

  it("combines the search with the series", () => {
    expect(filterChatbots(bots, { search: "", series: "Night Tales" }).map((b) => b.title)).toEqual(["Luna", "Sol"]);
    expect(filterChatbots(bots, { search: "sun", series: "Night Tales" }).map((b) => b.title)).toEqual(["Sol"]);
    expect(filterChatbots(bots, { search: "space", series: "Night Tales" })).toEqual([]);
  });
});

describe("series and stats", () => {
  it("lists distinct series sorted", () => {
    expect(distinctSeries(bots)).toEqual(["Night Tales", "Star Saga"]);
  });

  it("counts listings, series and platforms", () => {
    expect(dashboardStats(bots)).toEqual({ chatbots: 4, series: 2, platforms: 2 });
    expect(dashboardStats([])).toEqual({ chatbots: 0, series: 0, platforms: 0 });
  });

  it("knows when a filter is active", () => {
    expect(isFiltered({ search: "", series: "" })).toBe(false);
    expect(isFiltered({ search: "x", series: "" })).toBe(true);
    expect(isFiltered({ search: "", series: "Star Saga" })).toBe(true);
  });
});
