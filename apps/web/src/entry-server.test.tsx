// @vitest-environment node
// The first-screen drawer runs in the api's Node process (no DOM): tested there.
import { type AnsweredRead, PLAIN_GALLERY_READS } from "@gallery/schema/first-reads";
import type { Chatbot } from "@gallery/schema/types";
import { describe, expect, it } from "vitest";
import { drawPage } from "./entry-server";
import { aListing } from "./test/listing";

const listing = (index: number, title: string): Chatbot =>
  aListing({
    id: `00000000-0000-4000-8000-0000000000${String(index).padStart(2, "0")}`,
    title,
    polybuzzCid: `pb-${index}`,
    imageUrl: `https://gallery.example/images/${index}.webp`,
    thumbnailUrl: `https://gallery.example/images/${index}-thumb.webp`,
  });

const HOSTILE = "</div><script>alert(1)</script>";
const VISITOR = { signedIn: false };
const answers = (items: Chatbot[]): AnsweredRead[] =>
  PLAIN_GALLERY_READS.map((read) => ({
    ...read,
    data:
      read.path === "chatbots.count"
        ? { count: items.length, capped: false }
        : read.path === "chatbots.tags"
          ? [{ tag: "moon", count: items.length }]
          : read.path === "chatbots.rails"
            ? [{ id: "trending", items }]
            : { items, nextCursor: null },
  }));

describe("drawPage", () => {
  it("draws the plain gallery from its answers: hero, rails and cards with their pictures, and no script", async () => {
    const html = await drawPage("/", answers([listing(1, "Luna"), listing(2, HOSTILE)]), VISITOR);
    expect(html).toContain("Discover Amazing AI Chatbots");
    expect(html).toContain("Luna");
    expect(html).toContain('data-testid="rail-card"');
    expect(html).toContain('data-testid="chatbot-card"');
    expect(html).toContain("https://gallery.example/images/1-thumb.webp");
    expect(html).toContain('href="/chatbots/00000000-0000-4000-8000-000000000001/luna"');
    expect(html).toContain("2 bots");
    // A title is text, and the page runs nothing inline (the api's Content-Security-Policy would refuse it).
    expect(html).toContain("&lt;/div&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toMatch(/<script/i);
  });

  it("draws a read without an answer as the app does while it loads, asking nothing", async () => {
    const html = await drawPage("/", [], VISITOR);
    expect(html).toContain("Discover Amazing AI Chatbots");
    expect(html).toContain('data-testid="skeleton"');
    expect(html).not.toContain('data-testid="chatbot-card"');
  });

  it("keeps the top bar's place for what the session will show: a member's avatar, a visitor's Sign In", async () => {
    const header = (html: string) => /<header[\s\S]*?<\/header>/.exec(html)?.[0] ?? "";
    const member = header(await drawPage("/", [], { signedIn: true }));
    const visitor = header(await drawPage("/", [], VISITOR));
    for (const drawn of [member, visitor]) expect(drawn).toContain('data-testid="session-placeholder"');
    expect(member).not.toContain("Sign In");
    expect(visitor).toContain("Sign In");
  });

  it("keeps nothing from one drawing to the next", async () => {
    await drawPage("/", answers([listing(3, "Orion")]), VISITOR);
    expect(await drawPage("/", answers([listing(4, "Vega")]), VISITOR)).not.toContain("Orion");
  });
});
