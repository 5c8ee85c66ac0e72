// A shared read that shows reviews' helpful marks must say so (`sharing.helpfulMarks`): a helpful mark drops only
// those reads' copies (change kind `helpful`, plugins/app/response-cache.ts), so one that forgot would be served stale
// after a mark. Read from every call's declared output, so a new read showing helpful counts cannot be missed.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { Sharing } from "./call.js";
import { calls } from "./index.js";

/** Fields that only a helpful mark changes (Review.helpfulCount; ReviewViewer.helpfulReviewIds is a member's own). */
const HELPFUL_FIELDS = ["helpfulCount", "helpfulReviewIds"];

const declarations = Object.entries(calls).flatMap(([topic, group]) =>
  Object.entries(group as Record<string, { output?: unknown; sharing?: Sharing }>).map(([name, call]) => ({
    name: `${topic}.${name}`,
    call,
  })),
);

describe("sharing declarations and helpful marks", () => {
  it("every read shared by visitors or members whose answer shows helpful marks declares helpfulMarks", () => {
    const shown = declarations.filter(({ call }) => {
      const shared = call.sharing?.by.some((audience) => audience === "visitor" || audience === "member");
      if (!shared || !(call.output instanceof z.ZodType)) return false;
      const schema = JSON.stringify(z.toJSONSchema(call.output, { unrepresentable: "any", io: "output" }));
      return HELPFUL_FIELDS.some((field) => schema.includes(`"${field}"`));
    });
    expect(shown.map(({ name }) => name)).toContain("reviews.list");
    for (const { name, call } of shown)
      expect({ name, helpfulMarks: call.sharing?.helpfulMarks }).toEqual({ name, helpfulMarks: true });
  });
});
