// What the moderation queue offers for an item, unit-tested without a database (issue 41: queue.ts's rules of which
// actions would change something, and which one is suggested first). The queue's reads are tested through the api
// (test/reports.test.ts, test/moderator-desk.test.ts, test/abuse/queue-reasons.test.ts).
import { describe, expect, it } from "vitest";
import { actionsOf, listingState, topReasonOf } from "./queue.js";

const state = (changes: { hidden?: boolean; reviewPending?: boolean } = {}) => ({
  hidden: false,
  hiddenReason: null,
  reviewPending: false,
  ownerSuspended: false,
  ...changes,
});
const listing = (nsfw: boolean, changes: { hidden?: boolean; reviewPending?: boolean } = {}) => ({
  nsfw,
  state: state(changes),
});
const creator = { suspended: false, maySuspend: true };

describe("actionsOf", () => {
  it("a shown SFW listing: dismiss first, then mark NSFW, hide, delete, suspend its creator", () => {
    const item = { targetKind: "listing", listing: listing(false), profile: creator, isAppeal: false } as const;
    expect(actionsOf({ ...item, topReason: "spam" })).toEqual(["dismiss", "markNsfw", "hide", "delete", "suspend"]);
    expect(actionsOf(item)).toEqual(["dismiss", "markNsfw", "hide", "delete", "suspend"]);
    // Reported mostly as mislabelled: marking it NSFW is suggested first.
    expect(actionsOf({ ...item, topReason: "mislabelled" })).toEqual([
      "markNsfw",
      "dismiss",
      "hide",
      "delete",
      "suspend",
    ]);
  });

  it("an NSFW listing cannot be marked NSFW again, a hidden one not hidden again; restoring comes last but for an appeal", () => {
    const hidden = listing(true, { hidden: true });
    expect(actionsOf({ targetKind: "listing", listing: hidden, profile: null, isAppeal: false })).toEqual([
      "dismiss",
      "delete",
      "restore",
    ]);
    expect(actionsOf({ targetKind: "listing", listing: hidden, profile: null, isAppeal: true })).toEqual([
      "restore",
      "dismiss",
      "delete",
    ]);
    expect(actionsOf({ targetKind: "listing", listing: listing(true), profile: null, isAppeal: false })).toEqual([
      "dismiss",
      "hide",
      "delete",
    ]);
  });

  it("a listing hidden before review: restore, and mark NSFW (even one labelled NSFW since), not first in an appeal", () => {
    const pending = { targetKind: "listing", profile: null, topReason: "mislabelled" } as const;
    expect(actionsOf({ ...pending, listing: listing(false, { reviewPending: true }), isAppeal: true })).toEqual([
      "restore",
      "dismiss",
      "markNsfw",
      "hide",
      "delete",
    ]);
    expect(actionsOf({ ...pending, listing: listing(true, { reviewPending: true }), isAppeal: false })).toEqual([
      "markNsfw",
      "dismiss",
      "hide",
      "delete",
      "restore",
    ]);
  });

  it("a listing gone since: only dismissing its reports, whatever its creator's state", () => {
    expect(
      actionsOf({
        targetKind: "listing",
        listing: null,
        profile: { suspended: true, maySuspend: false },
        isAppeal: true,
      }),
    ).toEqual(["dismiss"]);
  });

  it("a profile: suspend if the moderator may, lift a suspension (first in an appeal)", () => {
    const profile = (suspended: boolean, maySuspend: boolean) => ({ suspended, maySuspend });
    expect(actionsOf({ targetKind: "profile", listing: null, profile: profile(false, true), isAppeal: false })).toEqual(
      ["dismiss", "suspend"],
    );
    expect(
      actionsOf({ targetKind: "profile", listing: null, profile: profile(false, false), isAppeal: false }),
    ).toEqual(["dismiss"]);
    expect(actionsOf({ targetKind: "profile", listing: null, profile: profile(true, true), isAppeal: false })).toEqual([
      "dismiss",
      "lift",
    ]);
    expect(actionsOf({ targetKind: "profile", listing: null, profile: profile(true, false), isAppeal: true })).toEqual([
      "lift",
      "dismiss",
    ]);
    expect(actionsOf({ targetKind: "profile", listing: null, profile: null, isAppeal: false })).toEqual(["dismiss"]);
  });
});

describe("topReasonOf", () => {
  it("the reason given most often, the first listed of equals; none without reports", () => {
    expect(topReasonOf({ spam: 2, stolen: 1 })).toBe("spam");
    expect(topReasonOf({ spam: 1, mislabelled: 3, stolen: 3 })).toBe("mislabelled");
    expect(topReasonOf({ stolen: 1, spam: 1 })).toBe("stolen");
    expect(topReasonOf({})).toBeUndefined();
  });
});

describe("listingState", () => {
  it("hidden by a moderator when it has a hiding time; the other states as stored", () => {
    const row = { hiddenAt: null, hiddenReason: null, reviewPending: true, ownerSuspended: false };
    expect(listingState(row)).toEqual({
      hidden: false,
      hiddenReason: null,
      reviewPending: true,
      ownerSuspended: false,
    });
    expect(
      listingState({ ...row, hiddenAt: new Date(), hiddenReason: "Spam", reviewPending: false, ownerSuspended: true }),
    ).toEqual({
      hidden: true,
      hiddenReason: "Spam",
      reviewPending: false,
      ownerSuspended: true,
    });
  });
});
