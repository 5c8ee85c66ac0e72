import type { Chatbot } from "@gallery/schema/types";
import { describe, expect, it } from "vitest";
import { seriesCreatorName, seriesStats } from "./series-stats";

const bot = (over: Partial<Chatbot>) => ({ polybuzzCid: null, roleplayaCid: null, nsfw: false, ...over }) as Chatbot;

describe("seriesStats", () => {
  it("counts listings, distinct platforms and SFW listings", () => {
    const bots = [bot({ polybuzzCid: "a" }), bot({ polybuzzCid: "b", nsfw: true }), bot({ roleplayaCid: "c" })];
    expect(seriesStats(bots)).toEqual({ chatbots: 3, platforms: 2, sfw: 2 });
    expect(seriesStats([])).toEqual({ chatbots: 0, platforms: 0, sfw: 0 });
  });
});

describe("seriesCreatorName", () => {
  it("names the creator, or 'Unknown Creator'", () => {
    const user = { nickname: "Mira" } as Chatbot["user"];
    expect(seriesCreatorName([bot({ user })])).toBe("Mira");
    expect(seriesCreatorName([])).toBe("Unknown Creator");
  });
});
