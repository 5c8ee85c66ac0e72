// The card reader's PNG chunks and texts at their boundaries (issue 41, against the mutation run's mutants): the pure
// functions the reader's thread runs, here in the test's own thread. test/abuse/card-fuzz.test.ts checks the
// reader's properties over random and hostile cards; test/character-cards.test.ts the import as a client sees it.
import { crc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import { thrownBy } from "../../../test/support/thrown.js";
import {
  assemblePng,
  PNG_CHUNKS_MAX,
  PNG_SIGNATURE,
  PngError,
  readPngChunks,
  textChunkKeyword,
} from "./character-card-png.js";
import { cutAt, firstPublicParagraph, isDefinitionLine, oneLine, plainText, within } from "./character-card-text.js";

function chunk(type: string, data: Buffer, options: { claimed?: number; crc?: number } = {}) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(options.claimed ?? data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(options.crc ?? crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}
const png = (...chunks: Buffer[]) => Buffer.concat([PNG_SIGNATURE, ...chunks]);
const IEND = chunk("IEND", Buffer.alloc(0));
const refusal = (bytes: Buffer) => thrownBy(() => readPngChunks(bytes), PngError)?.message ?? null;

describe("readPngChunks", () => {
  it("reads every chunk up to IEND as views of the file, and nothing after it", () => {
    const text = chunk("tEXt", Buffer.from("chara\0abc", "latin1"));
    const file = png(chunk("IHDR", Buffer.alloc(13, 1)), text, IEND, chunk("tEXt", Buffer.from("late\0x")));
    const chunks = readPngChunks(file);
    expect(chunks.map((c) => c.type)).toEqual(["IHDR", "tEXt", "IEND"]);
    expect(chunks[1]!.data.toString("latin1")).toBe("chara\0abc");
    expect(chunks[1]!.raw.equals(text)).toBe(true);
    expect(chunks[0]!.data.length).toBe(13);
    expect(chunks[2]!.data.length).toBe(0);
    expect(chunks[2]!.raw.equals(IEND)).toBe(true);
  });

  it("refuses what is not a PNG", () => {
    expect(refusal(Buffer.alloc(0))).toBe("not a PNG");
    expect(refusal(PNG_SIGNATURE.subarray(0, 7))).toBe("not a PNG");
    expect(refusal(Buffer.concat([Buffer.from([0x88]), PNG_SIGNATURE.subarray(1), IEND]))).toBe("not a PNG");
  });

  it("refuses a file that ends before IEND, even by a byte", () => {
    expect(refusal(PNG_SIGNATURE)).toBe("the file ends before IEND");
    expect(refusal(png(chunk("IHDR", Buffer.alloc(13))))).toBe("the file ends before IEND");
    expect(refusal(png(IEND).subarray(0, 8 + 11))).toBe("the file ends before IEND");
    expect(refusal(png(IEND))).toBeNull();
  });

  it("refuses a chunk that claims more than the file holds, by one byte or by 2 GB", () => {
    const data = Buffer.from("chara\0abc");
    expect(refusal(png(chunk("tEXt", data, { claimed: data.length + 1 })))).toBe("a chunk overruns the file");
    expect(refusal(png(chunk("tEXt", data, { claimed: 0x7ffffff0 }), IEND))).toBe("a chunk overruns the file");
    expect(refusal(png(chunk("tEXt", data, { claimed: 0xffffffff }), IEND))).toBe("a chunk overruns the file");
    // The last chunk's claim exactly what is left: read.
    expect(readPngChunks(png(chunk("IEND", data)))[0]!.data.equals(data)).toBe(true);
  });

  it("refuses a chunk whose CRC does not match", () => {
    const good = chunk("tEXt", Buffer.from("chara\0abc"));
    const crc = good.readUInt32BE(good.length - 4);
    expect(refusal(png(chunk("tEXt", Buffer.from("chara\0abc"), { crc: (crc ^ 1) >>> 0 }), IEND))).toBe(
      "a chunk's CRC does not match",
    );
  });

  it(`reads at most ${PNG_CHUNKS_MAX} chunks`, () => {
    const empty = chunk("tEXt", Buffer.alloc(0));
    const most = png(...Array.from({ length: PNG_CHUNKS_MAX - 1 }, () => empty), IEND);
    expect(readPngChunks(most)).toHaveLength(PNG_CHUNKS_MAX);
    const more = png(...Array.from({ length: PNG_CHUNKS_MAX }, () => empty), IEND);
    expect(refusal(more)).toBe("too many chunks");
  });
});

describe("textChunkKeyword", () => {
  it("is the keyword before the NUL and where the text starts", () => {
    expect(textChunkKeyword(Buffer.from("chara\0abc", "latin1"))).toEqual({ keyword: "chara", textStart: 6 });
    expect(textChunkKeyword(Buffer.from("ccv3\0", "latin1"))).toEqual({ keyword: "ccv3", textStart: 5 });
    expect(textChunkKeyword(Buffer.from("k\0abc", "latin1"))).toEqual({ keyword: "k", textStart: 2 });
  });

  it("is null without a NUL, with an empty keyword, or with one over 79 characters", () => {
    expect(textChunkKeyword(Buffer.from("chara", "latin1"))).toBeNull();
    expect(textChunkKeyword(Buffer.from("\0abc", "latin1"))).toBeNull();
    expect(textChunkKeyword(Buffer.from(`${"k".repeat(80)}\0abc`, "latin1"))).toBeNull();
    expect(textChunkKeyword(Buffer.from(`${"k".repeat(79)}\0abc`, "latin1"))).toEqual({
      keyword: "k".repeat(79),
      textStart: 80,
    });
  });
});

describe("assemblePng", () => {
  it("is the signature and the chunks byte for byte", () => {
    const file = png(chunk("IHDR", Buffer.alloc(13, 2)), IEND);
    expect(assemblePng(readPngChunks(file)).equals(file)).toBe(true);
  });
});

describe("cutAt", () => {
  it("keeps a text within the length as it is, cuts a longer one", () => {
    expect(cutAt("abc", 3)).toBe("abc");
    expect(cutAt("abcd", 3)).toBe("abc");
  });
  it("never ends in half a surrogate pair", () => {
    expect(cutAt("ab😀", 3)).toBe("ab");
    expect(cutAt("ab😀c", 4)).toBe("ab😀");
    expect(cutAt("a\uDBFFx", 2)).toBe("a");
    expect(cutAt("a\uD7FFx", 2)).toBe("a\uD7FF");
    expect(cutAt("a\uDC00x", 2)).toBe("a\uDC00");
    expect(cutAt("a\uD800x", 2)).toBe("a");
  });
  it("leaves a text of exactly the length whole, whatever its last unit", () => {
    expect(cutAt("a\uD83D", 2)).toBe("a\uD83D");
  });
});

describe("within", () => {
  it("leaves a text within the limit alone, and an empty one even when told it was cut", () => {
    expect(within("abc", 3)).toBe("abc");
    expect(within("", 3, true)).toBe("");
  });
  it("cuts a longer one between graphemes, trimmed, with …", () => {
    expect(within("abcdef", 4)).toBe("abc…");
    expect(within("ab  def", 4)).toBe("ab…");
    expect(within("a👍🏽bcd", 4)).toBe("a…");
  });
  it("marks a text that fits but lost its end elsewhere", () => {
    expect(within("abc", 10, true)).toBe("abc…");
  });
});

describe("oneLine", () => {
  it("is one line without controls, white space runs as one space, trimmed", () => {
    expect(oneLine("  Ada\u0000 \t\n Lovelace\u007f  ")).toBe("Ada Lovelace");
  });
});

describe("plainText", () => {
  const read = (text: string, max = 100, firstLine = false) => plainText(text, { name: "Mira", max, firstLine });

  it("makes <br> line breaks, drops other markup, keeps a < with no > after it", () => {
    expect(read("a<br>b<BR/>c<br \t/>d<br  x>e")).toBe("a\nb\nc\nde");
    expect(read("<b>bold</b> and <span style='x'>styled</span>")).toBe("bold and styled");
    expect(read("1 < 2 and 3 < 4")).toBe("1 < 2 and 3 < 4");
    expect(read("a <b>c</b> < d")).toBe("a c < d");
    expect(read("<br")).toBe("<br");
    // Any white space String.trim knows inside <br >, a carriage return too.
    expect(read("a<br\r>b<br\r/>c")).toBe("a\nb\nc");
  });

  it("fills in the name for {{char}} and <BOT>, keeps {{user}} for <USER>", () => {
    expect(read("{{char}} meets <user>; <BOT> waves. {{CHAR}}")).toBe("Mira meets {{user}}; Mira waves. Mira");
    expect(read("{{chat}} {x}")).toBe("{{chat}} {x}");
  });

  it("keeps at most two line breaks in a row, CR LF and CR as one, trims both ends", () => {
    expect(read("\n\n  a\r\n\r\n\r\n\rb\rc  \n\n")).toBe("a\n\nb\nc");
    expect(read("a\n\n\n\nb")).toBe("a\n\nb");
    expect(read("a\r\nb")).toBe("a\nb");
    // An empty name filled in is nothing: it does not start a new run of line breaks.
    expect(plainText("a\n\n{{char}}\nb", { name: "", max: 100 })).toBe("a\n\nb");
  });

  it("keeps only the first line when asked, tabs as spaces", () => {
    expect(read("\n first\tline \nsecond", 100, true)).toBe("first line");
    expect(read("one<br>two", 100, true)).toBe("one");
    // A first line that fills the field exactly is kept whole: the next line is not part of it.
    expect(read("abcdefghij\nk", 10, true)).toBe("abcdefghij");
  });

  it("is within the limit, with … when anything was left out", () => {
    expect(read("abcdefghij", 10)).toBe("abcdefghij");
    expect(read("abcdefghijk", 10)).toBe("abcdefghi…");
    expect(read("abcdefghij    \n\n  ", 10)).toBe("abcdefghij");
    expect(read("{{char}}".repeat(1000), 10)).toBe("MiraMiraM…");
    // Read only up to 8 times the limit: what lies beyond is left out, and said so.
    expect(read(`${"<i>x</i>".repeat(3)}end`, 2)).toBe("x…");
    // Leading white space skipped is not counted: the rest of the field is still there for what follows.
    expect(read("  ab<i>cd</i>", 5)).toBe("abcd");
    // A word after the limit's white space is a loss, said with "…".
    expect(read("abcdefghij x", 10)).toBe("abcdefghi…");
  });

  it("trims every kind of white space String.trim knows, and nothing else", () => {
    const spaces = "\u00a0\u1680\u2000\u2005\u200a\u2028\u2029\u202f\u205f\u3000\ufeff \t";
    expect(read(`${spaces}x${spaces}`)).toBe("x");
    for (const kept of [
      "\u200b",
      "\u1fff",
      "\u200c",
      "\u2027",
      "\u202a",
      "\u205e",
      "\u2fff",
      "\u3001",
      "\u00a1",
      "!",
    ]) {
      expect(read(`${kept}x`), kept.codePointAt(0)!.toString(16)).toBe(`${kept}x`);
    }
    // Past the limit, white space is no loss: no "…"; anything else is.
    expect(read(`abcdefghij${spaces}`, 10)).toBe("abcdefghij");
    expect(read("abcdefghij\u200b", 10)).toBe("abcdefghi…");
  });

  it("drops control characters", () => {
    expect(read("a\u0000b\u0007c\uFFFEd\uD800e")).toBe("abcde");
  });
});

describe("isDefinitionLine and firstPublicParagraph: a card's prompt stays private", () => {
  it("tells a definition line from prose", () => {
    for (const line of [
      "[Mira: kind, clever]",
      "{ personality: shy }",
      "- (Trait)",
      'Mind("kind" + "clever")',
      "{{user}}: hello",
      "{{Char}} : hi",
      "Mira: hello there",
      "Personality: shy",
      "* Likes and dislikes: tea",
      "You: hi",
      "> Mira: quoted",
      "• Scenario: a ship",
      '"kind" + "brave"',
      'Trait( "kind")',
      "<START>",
      "Likes and dislikes: tea",
      "{{user}}:hi",
      "1. {{user}}: hi there",
      "1. {{char}}:hi",
      "1. {{char}}  : hi",
      'Trait("kind")',
      '"kind"  + more',
      'x +  "kind"',
      "Scenario : a ship",
      `${"x".repeat(63)}: a label of 64 characters`,
    ]) {
      expect(isDefinitionLine(line, "Mira"), line).toBe(true);
    }
    for (const line of [
      "",
      "   ",
      "A kind librarian who loves tea.",
      "Mira is here.",
      "She said hello, nice to meet you.",
      "She told him three things: hi",
      "Miranda is not Mira: yes",
      `${"word ".repeat(13)}label: x`,
      "+ plus",
      "She smiles (warmly) and {waves}.",
      '"Wait: what?" she asked.',
      "Wow!: she nods",
      `${"x".repeat(64)}: longer than a label`,
    ]) {
      expect(isDefinitionLine(line, "Mira"), line).toBe(false);
    }
    // The character's own name as a speaker, even one the label pattern does not take (a dot, four words).
    for (const line of ["Dr. Mira: hi", "Dr. Mira : hi", "Dr. Mira  : hi"]) {
      expect(isDefinitionLine(line, "Dr. Mira"), line).toBe(true);
    }
    expect(isDefinitionLine("Oh, Dr. Mira: hi", "Dr. Mira")).toBe(false);
    expect(isDefinitionLine(": hi", "")).toBe(false);
  });

  it("is the first paragraph with a letter and no definition line, and whether the rest held anything", () => {
    expect(firstPublicParagraph("[Mira: kind]\n\nA librarian.\nShe reads.\n\n\nMore.", "Mira")).toEqual({
      paragraph: "A librarian.\nShe reads.",
      rest: true,
    });
    expect(firstPublicParagraph("Just this.", "Mira")).toEqual({ paragraph: "Just this.", rest: false });
    expect(firstPublicParagraph("123\n\n...", "Mira")).toEqual({ paragraph: null, rest: true });
    expect(firstPublicParagraph("", "Mira")).toEqual({ paragraph: null, rest: false });
    expect(firstPublicParagraph("Personality: shy", "Mira")).toEqual({ paragraph: null, rest: true });
    // A line of white space ends a paragraph; a paragraph is trimmed.
    expect(firstPublicParagraph("A librarian.\n  \nMore.", "Mira")).toEqual({ paragraph: "A librarian.", rest: true });
    expect(firstPublicParagraph("  A librarian.  ", "Mira")).toEqual({ paragraph: "A librarian.", rest: false });
    // One line with a letter is enough; one definition line keeps the whole paragraph private.
    expect(firstPublicParagraph("A librarian.\n123", "Mira")).toEqual({ paragraph: "A librarian.\n123", rest: false });
    expect(firstPublicParagraph("A librarian.\nPersonality: shy", "Mira")).toEqual({ paragraph: null, rest: true });
  });
});
