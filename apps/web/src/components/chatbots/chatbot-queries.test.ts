import type { Chatbot } from "@gallery/schema/types";
import { describe, expect, it, vi } from "vitest";
import { allPages } from "./chatbot-queries";

const bot = (id: string) => ({ id }) as Chatbot;

describe("allPages", () => {
  it("follows the cursors until the last page, keeping the order", async () => {
    const pages: Record<string, { items: Chatbot[]; nextCursor: string | null }> = {
      first: { items: [bot("a"), bot("b")], nextCursor: "c2" },
      c2: { items: [bot("c")], nextCursor: "c3" },
      c3: { items: [bot("d")], nextCursor: null },
    };
    const fetchPage = vi.fn(async (cursor: string | undefined) => pages[cursor ?? "first"]!);
    expect((await allPages(fetchPage)).map((c) => c.id)).toEqual(["a", "b", "c", "d"]);
    expect(fetchPage.mock.calls.map(([cursor]) => cursor)).toEqual([undefined, "c2", "c3"]);
  });

  it("makes one request for a list that fits a page", async () => {
    const fetchPage = vi.fn(async () => ({ items: [bot("a")], nextCursor: null }));
    expect(await allPages(fetchPage)).toHaveLength(1);
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });
});
