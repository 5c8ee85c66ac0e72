import { Fragment, type ReactNode } from "react";

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * A text's parts with the searched words marked: each word of the text that starts with a searched word has that
 * start marked (`vamp` marks "Vamp" in "Vampire"). Plain strings and <mark> elements only, never HTML from the
 * text (issue 39 §1). Near spellings the search also found are not marked: what matched is the server's to know.
 */
export function highlightParts(text: string, words: readonly string[]): Array<{ text: string; marked: boolean }> {
  if (words.length === 0 || !text) return [{ text, marked: false }];
  const parts: Array<{ text: string; marked: boolean }> = [];
  let at = 0;
  for (const match of text.matchAll(WORD)) {
    const lower = match[0].toLowerCase();
    // The longest searched word this word starts with.
    const length = Math.max(0, ...words.filter((word) => lower.startsWith(word)).map((word) => word.length));
    if (length === 0) continue;
    const start = match.index;
    if (start > at) parts.push({ text: text.slice(at, start), marked: false });
    parts.push({ text: text.slice(start, start + length), marked: true });
    at = start + length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), marked: false });
  return parts;
}

/** `text` with the searched `words` (lower case, as wantedWords gives them) marked. */
export function Highlight({ text, words }: { text: string; words?: readonly string[] | undefined }): ReactNode {
  if (!words?.length) return text;
  return highlightParts(text, words).map((part, index) =>
    part.marked ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
      <mark key={index} className="rounded-sm bg-yellow-200/80 px-0 text-inherit dark:bg-yellow-500/40">
        {part.text}
      </mark>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
      <Fragment key={index}>{part.text}</Fragment>
    ),
  );
}
