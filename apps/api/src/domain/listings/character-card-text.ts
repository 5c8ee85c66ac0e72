/**
 * A card's texts made into a listing's (issue 36): every step linear in the text and bounded by the field's limit.
 * A field is cut to its limit times INPUT_MARGIN before anything looks at it, and one pass (no regular expression)
 * then drops the markup, fills in the names and tidies the lines, stopping as soon as the output passes the limit.
 */

/**
 * How much of a field is read: its limit times this. Enough for markup-heavy notes (a styled `<span>` per word)
 * to still fill the field once the markup is dropped; never more than a few tens of kilobytes.
 */
export const INPUT_MARGIN = 8;

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** The first `length` UTF-16 units of a text, never ending in half a surrogate pair. */
export function cutAt(value: string, length: number): string {
  if (value.length <= length) return value;
  const last = value.charCodeAt(length - 1);
  return value.slice(0, last >= 0xd800 && last <= 0xdbff ? length - 1 : length);
}

/**
 * The text within `max` UTF-16 units (the schemas' measure), cut between characters (graphemes) with "…" when cut:
 * when longer than `max`, or when `cut` says something after it was already left out.
 */
export function within(value: string, max: number, cut = false): string {
  if (value === "" || (!cut && value.length <= max)) return value;
  // The grapheme holding the first unit past max - 1 starts where the kept text ends (found without segmenting
  // everything before it); none: the whole text fits before the "…".
  const first = graphemes.segment(value).containing(max - 1);
  return `${(first ? value.slice(0, first.index) : value).trimEnd()}…`;
}

/**
 * What no field of a listing should hold (issue 39 §2): NUL (which PostgreSQL refuses in text) and the other C0
 * controls but tab, line feed and carriage return (which the text's own pass handles), DEL, the C1 controls, the
 * noncharacters U+FFFE and U+FFFF, and halves of surrogate pairs standing alone. One character class: linear.
 */
const CONTROLS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A card's text without control characters (CONTROLS); tabs and line breaks kept for the pass that reads it. */
export const withoutControls = (value: string): string => value.replace(CONTROLS, "");

/** A card's text as one line (a title, a tag): no control characters, each run of white space one space, trimmed. */
export const oneLine = (value: string): string => withoutControls(value).replace(/\s+/g, " ").trim();

const LT = 0x3c; // <
const GT = 0x3e; // >
const SLASH = 0x2f; // /
const BRACE = 0x7b; // {
const CR = 0x0d;
const LF = 0x0a;

/** The white space String.prototype.trim removes (ECMAScript WhiteSpace and LineTerminator). */
function isSpace(code: number): boolean {
  return (
    (code >= 0x09 && code <= 0x0d) ||
    code === 0x20 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** Whether `text` holds `word` at `at`, ASCII letters in any case (`word` in lower case). */
function hasAt(text: string, at: number, word: string): boolean {
  if (at + word.length > text.length) return false;
  for (let i = 0; i < word.length; i++) {
    const code = text.charCodeAt(at + i);
    if ((code >= 0x41 && code <= 0x5a ? code + 0x20 : code) !== word.charCodeAt(i)) return false;
  }
  return true;
}

/** The end (after its `>`) of a `<br>`, `<br/>` or `<br />` at `at` (any case, any white space), else -1. */
function lineBreakTagEnd(text: string, at: number): number {
  if (!hasAt(text, at, "<br")) return -1;
  let i = at + 3;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  if (text.charCodeAt(i) === SLASH) i++;
  return text.charCodeAt(i) === GT ? i + 1 : -1;
}

export interface PlainTextOptions {
  /** What `{{char}}` and `<BOT>` become: the character's name (already within its own limit). */
  name: string;
  /** The field's limit: the result is at most this long. */
  max: number;
  /** Only the text's first line (a tagline). */
  firstLine?: boolean;
}

/**
 * A card's text as the listing shows it, read in one pass over at most `max` × INPUT_MARGIN characters:
 * - `<br>`, `<br/>`, `<br />` (any case) become a line break; any other `<…>` (a `<` up to the next `>`) is
 *   dropped; a `<` with no `>` anywhere after it stays as text (so a run of `<` costs one search, not one per `<`);
 * - `{{char}}` and `<BOT>` (any case) become the name; `<USER>` becomes `{{user}}`, which stays as the reader's
 *   placeholder the gallery's readers know;
 * - CR LF and CR become LF; at most two line breaks in a row; white space trimmed at both ends.
 * It stops as soon as the output passes `max`, so names filled in a thousand times cost no more than the field.
 * The result is within `max`, cut between graphemes with "…" when anything was left out.
 */
export function plainText(value: string, { name, max, firstLine = false }: PlainTextOptions): string {
  const read = cutAt(value, max * INPUT_MARGIN);
  // One line keeps no tab either: it becomes a space, as a title's white space does.
  const cleaned = withoutControls(read);
  const input = firstLine ? cleaned.replace(/\t/g, " ") : cleaned;
  const parts: string[] = [];
  /** Output length so far: at most max + 1 (one more than fits, so "…" follows). */
  let length = 0;
  /** Line breaks at the end of the output (a third in a row is dropped). */
  let breaks = 0;
  /** Where the next `>` is, from the last search (-1: there is none left; the search is never repeated). */
  let nextGt = -2;
  /** Text beyond max + 1 that is more than white space: the output is cut, and the pass stops. */
  let overflow = false;
  /** The first line is over (firstLine). */
  let ended = false;
  const emit = (text: string) => {
    let start = 0;
    if (length === 0) while (start < text.length && isSpace(text.charCodeAt(start))) start++;
    const end = Math.min(text.length, start + max + 1 - length);
    if (end > start) {
      parts.push(text.slice(start, end));
      length += end - start;
      breaks = 0;
    }
    for (let rest = end; rest < text.length && !overflow; rest++) overflow = !isSpace(text.charCodeAt(rest));
  };
  const lineBreak = () => {
    if (length === 0 || length > max) return; // leading, or past the limit: white space either way
    if (firstLine) {
      ended = true;
      return;
    }
    if (breaks === 2) return;
    parts.push("\n");
    length += 1;
    breaks += 1;
  };
  let i = 0;
  while (i < input.length && !overflow && !ended) {
    const code = input.charCodeAt(i);
    if (code === LT) {
      const brEnd = lineBreakTagEnd(input, i);
      if (brEnd !== -1) {
        lineBreak();
        i = brEnd;
      } else if (hasAt(input, i, "<bot>")) {
        emit(name);
        i += 5;
      } else if (hasAt(input, i, "<user>")) {
        emit("{{user}}");
        i += 6;
      } else {
        if (nextGt !== -1 && nextGt < i) nextGt = input.indexOf(">", i);
        if (nextGt === -1) {
          emit("<");
          i += 1;
        } else {
          i = nextGt + 1; // markup: dropped
        }
      }
    } else if (code === BRACE && hasAt(input, i, "{{char}}")) {
      emit(name);
      i += 8;
    } else if (code === CR || code === LF) {
      lineBreak();
      i += code === CR && input.charCodeAt(i + 1) === LF ? 2 : 1;
    } else {
      // A run of ordinary characters at once: up to the next character the pass acts on.
      let end = i + 1;
      while (end < input.length) {
        const next = input.charCodeAt(end);
        if (next === LT || next === BRACE || next === CR || next === LF) break;
        end++;
      }
      emit(input.slice(i, end));
      i = end;
    }
  }
  return within(parts.join("").trimEnd(), max, overflow || read.length < value.length);
}

/**
 * Whether a line of a card's description is part of the character's definition (its prompt) rather than prose
 * for people: a W++/JSON block (`[...]`, `{...}`, `Trait("a" + "b")`), a dialogue line (`{{user}}:`, `{{char}}:` as
 * the name, `You:`), or a `Personality:` / `Scenario:` style label of at most three words, bullets allowed before it.
 * Each test is anchored and bounded, so a line costs at most its length.
 */
export function isDefinitionLine(line: string, name: string): boolean {
  const text = line.replace(/^[\s\-*•>]+/, "");
  if (text === "") return false;
  if (/^[[{(<]/.test(text)) return true;
  if (/\(\s*"|"\s*\+|\+\s*"/.test(text)) return true;
  if (/\{\{(user|char)\}\}\s*:/i.test(text)) return true;
  if (name && text.startsWith(name) && /^\s*:/.test(text.slice(name.length))) return true;
  return /^[\p{L}\p{N}][\p{L}\p{N}'’_/-]*(?: [\p{L}\p{N}'’_/-]+){0,2}\s*:/u.test(text.slice(0, 64));
}

/**
 * The first paragraph of a description (plain text, as `plainText` makes it) that is not part of the definition
 * (`isDefinitionLine` on none of its lines) and holds a letter, and whether anything else of the description had
 * content (which is then left out).
 */
export function firstPublicParagraph(plain: string, name: string): { paragraph: string | null; rest: boolean } {
  const paragraphs: string[][] = [[]];
  for (const line of plain.split("\n")) {
    if (line.trim() === "") {
      if (paragraphs.at(-1)!.length > 0) paragraphs.push([]);
    } else {
      paragraphs.at(-1)!.push(line);
    }
  }
  const filled = paragraphs.filter((lines) => lines.length > 0);
  const index = filled.findIndex(
    (lines) => lines.some((line) => /\p{L}/u.test(line)) && !lines.some((line) => isDefinitionLine(line, name)),
  );
  if (index === -1) return { paragraph: null, rest: filled.length > 0 };
  return { paragraph: filled[index]!.join("\n").trim(), rest: filled.length > 1 };
}
