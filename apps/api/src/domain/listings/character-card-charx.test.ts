// CHARX zips at their boundaries (issue 41, against the card run's mutants), in the test's own thread: what is a zip,
// which entries are read and within which sizes, which asset is the icon. test/character-cards.test.ts imports
// CHARX cards through the app (in the reader's worker thread, where mutants are never switched on).
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { withCentralEntry } from "../../../test/support/character-cards.js";
import { thrownBy } from "../../../test/support/thrown.js";
import { CHARX_ENTRIES_MAX, CharxError, charxCardJson, charxIcon, isZip } from "./character-card-charx.js";

const zip = (files: Record<string, string | Uint8Array>) =>
  Buffer.from(
    zipSync(
      Object.fromEntries(
        Object.entries(files).map(([name, value]) => [name, typeof value === "string" ? strToU8(value) : value]),
      ),
    ),
  );
const refusal = (call: () => unknown) => {
  const error = thrownBy(call, CharxError);
  if (error) expect(error.name).toBe("CharxError");
  return error?.message ?? null;
};

describe("isZip", () => {
  it("is a file starting with PK\\x03\\x04, every byte of it", () => {
    expect(isZip(Buffer.from([0x50, 0x4b, 0x03, 0x04]))).toBe(true);
    expect(isZip(zip({ "card.json": "{}" }))).toBe(true);
    for (const bytes of [
      [0x50, 0x4b, 0x03],
      [0x51, 0x4b, 0x03, 0x04],
      [0x50, 0x4c, 0x03, 0x04],
      [0x50, 0x4b, 0x05, 0x04],
      [0x50, 0x4b, 0x03, 0x06],
      [0x00, 0x00, 0x00, 0x04],
      [0x50, 0x00, 0x00, 0x00],
      [0x50, 0x4b, 0x00, 0x00],
      [0x00, 0x4b, 0x03, 0x04],
    ]) {
      expect(isZip(Buffer.from(bytes)), bytes.join(",")).toBe(false);
    }
  });
});

describe("charxCardJson", () => {
  it("is card.json's text", () => {
    expect(charxCardJson(zip({ "card.json": '{"a":"é"}', "other.txt": "x" }), 1000)).toBe('{"a":"é"}');
  });
  it("refuses a zip without card.json, one whose card.json declares more than the limit, and what is no zip", () => {
    expect(refusal(() => charxCardJson(zip({ "other.json": "{}" }), 1000))).toBe("no card.json");
    expect(refusal(() => charxCardJson(zip({ "card.json": "x".repeat(11) }), 10))).toBe("no card.json");
    expect(charxCardJson(zip({ "card.json": "x".repeat(10) }), 10)).toBe("x".repeat(10));
    expect(refusal(() => charxCardJson(Buffer.from("PK\x03\x04 not really"), 1000))).toBe("not a readable zip");
  });
  it("inflates card.json alone: another entry fflate could not read is never touched", () => {
    const file = withCentralEntry(zip({ "card.json": "{}", "other.bin": "x" }), "other.bin", { method: 99 });
    expect(charxCardJson(file, 1000)).toBe("{}");
  });
  it("refuses a card.json that claims more compressed bytes than the whole file holds", () => {
    const file = zip({ "card.json": '{"a":1}' });
    const claiming = (compressedSize: number) => withCentralEntry(file, "card.json", { compressedSize });
    expect(refusal(() => charxCardJson(claiming(file.length + 1), 1000))).toBe("no card.json");
    expect(charxCardJson(claiming(file.length), 1000)).toBe('{"a":1}');
  });
  it(`looks at ${CHARX_ENTRIES_MAX} entries at most`, () => {
    const files = (count: number) =>
      Object.fromEntries(Array.from({ length: count }, (_, i) => [`f${i}`, ""] as const));
    expect(charxCardJson(zip({ ...files(CHARX_ENTRIES_MAX - 1), "card.json": "{}" }), 1000)).toBe("{}");
    expect(refusal(() => charxCardJson(zip({ ...files(CHARX_ENTRIES_MAX), "card.json": "{}" }), 1000))).toBe(
      "too many entries",
    );
  });
});

describe("charxIcon", () => {
  const file = zip({ "a.png": "A", "b.png": "B", "big.png": "x".repeat(20), "card.json": "{}" });
  const text = (icon: Uint8Array | null) => (icon ? Buffer.from(icon).toString() : null);
  const icon = (uri: string, name = "main", type = "icon") => ({ type, uri, name });

  it("is the main icon, else the first icon, inside the zip", () => {
    expect(text(charxIcon(file, [icon("embeded://a.png", "x"), icon("embeded://b.png")], 10))).toBe("B");
    expect(text(charxIcon(file, [icon("embeded://a.png", "x"), icon("embeded://b.png", "y")], 10))).toBe("A");
    expect(text(charxIcon(file, [icon("embedded://b.png")], 10))).toBe("B");
  });
  it("is nothing for other assets, outside or missing pictures, or one over the limit", () => {
    expect(charxIcon(file, [], 10)).toBeNull();
    expect(charxIcon(file, [icon("embeded://a.png", "main", "background")], 10)).toBeNull();
    expect(charxIcon(file, [icon("https://example.com/a.png")], 10)).toBeNull();
    expect(charxIcon(file, [icon("embeded://gone.png")], 10)).toBeNull();
    expect(charxIcon(file, [icon("embeded://big.png")], 10)).toBeNull();
    expect(charxIcon(file, [null, "x", { type: "icon", uri: 5 }, icon("embeded://a.png")], 10)).not.toBeNull();
    expect(text(charxIcon(file, [null, "x", { type: "icon", uri: 5 }, icon("embeded://a.png")], 10))).toBe("A");
    // A uri that only reads as one when made a string (a hostile card's list) is no icon.
    expect(charxIcon(file, [{ type: "icon", uri: ["embeded://a.png"], name: "main" }], 10)).toBeNull();
  });
});
