import { REPORT_REASONS, type ReportReason } from "@gallery/schema";
import { describe, expect } from "vitest";
import type { TestApp } from "../support/app.js";
import { signUp, signUpAs } from "../support/auth.js";
import { createListing } from "../support/chatbots.js";
import { test } from "../support/fixtures.js";
import { getAs, trpcMutation, trpcQuery } from "../support/requests.js";

/**
 * Issue 36, "broken today": one "Broken link" report stopped the moderation queue from loading (tRPC answered 500
 * `Unrecognized key: "brokenLink"`, REST said `brokenLink` where the document says `broken_link`). Each reason is
 * reported once and read back from the queue over both transports, spelt as the report's input spells it.
 */
type QueueItem = { targetId: string; openCount: number; reasonCounts: Record<string, number> };

let app: TestApp;
let moderator: Awaited<ReturnType<typeof signUp>>;
const reported = new Map<ReportReason, string>();

test.beforeAll(async ({ app: fileApp }) => {
  app = fileApp;
  moderator = await signUpAs(app, "admin");
  const creator = await signUp(app);
  const reporter = await signUp(app);
  for (const reason of Object.keys(REPORT_REASONS) as ReportReason[]) {
    const listing = await createListing(app, creator.cookie, { title: `Reported for ${reason}` });
    const body = { targetKind: "listing", targetId: listing.id, reason, details: `Reported for ${reason}` };
    const answer = await trpcMutation(
      app,
      "moderation.report",
      {
        ...body,
        ...(reason === "stolen" ? { originalUrl: "https://www.polybuzz.ai/character/profile/original" } : {}),
      },
      reporter.cookie,
    );
    expect(answer.statusCode, await answer.body).toBe(200);
    reported.set(reason, listing.id);
  }
});

describe("every report reason reaches the moderation queue", () => {
  test.for(Object.keys(REPORT_REASONS) as ReportReason[])(
    "%s, over tRPC and REST, spelt as reported",
    async (reason) => {
      const id = reported.get(reason);
      const overTrpc = await trpcQuery(app, "moderation.queue", { limit: 100 }, moderator.cookie);
      expect(overTrpc.statusCode, overTrpc.body).toBe(200);
      const trpcItems = (overTrpc.json() as { result: { data: { items: QueueItem[] } } }).result.data.items;
      const overRest = await getAs(app, "/api/admin/queue?limit=100", moderator.cookie);
      expect(overRest.statusCode, overRest.body).toBe(200);
      const restItems = overRest.json() as QueueItem[];
      for (const items of [trpcItems, restItems]) {
        const item = items.find((candidate) => candidate.targetId === id);
        expect(item?.reasonCounts).toEqual({ [reason]: 1 });
      }
    },
  );
});
