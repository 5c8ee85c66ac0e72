import { perListingField } from "@gallery/schema/listing-fields";
import { Button } from "@gallery/ui";
import { Link2Off } from "lucide-react";
import type { AddressPart, AddressProblem } from "./browse-filters";

/** Each part of the address as a person names it ("The address has a sort order we don't know"). */
const PARTS: Record<AddressPart, { name: string; clear: string }> = {
  search: { name: "a search", clear: "Clear the search" },
  platform: { name: "a platform", clear: "Clear the platform" },
  content: { name: "a content filter", clear: "Clear the content filter" },
  sort: { name: "a sort order", clear: "Clear the sort order" },
  tags: { name: "a tag filter", clear: "Clear the tag filter" },
  excludeTags: { name: "an excluded-tags filter", clear: "Clear the excluded tags" },
  view: { name: "a view", clear: "Clear the view" },
  // Each declared listing field (listing-fields.ts): 'a language', 'Clear the language'.
  ...perListingField(({ label }) => {
    const words = label.toLowerCase();
    return { name: `${/^[aeiou]/.test(words) ? "an" : "a"} ${words}`, clear: `Clear the ${words}` };
  }),
};

/** A long value (an overlong tag) is shown by its start. */
const SHOWN_VALUE_MAX = 40;
const shorten = (value: string) => (value.length > SHOWN_VALUE_MAX ? `${value.slice(0, SHOWN_VALUE_MAX)}…` : value);

/** What a person reads about one wrong part of the address. */
export function problemText({ part, value, reason }: AddressProblem): string {
  if (part === null) return "The address has filters we can't use";
  const name = PARTS[part].name;
  return reason
    ? `The address has ${name} we can't use: "${shorten(value)}"`
    : `The address has ${name} we don't know: "${shorten(value)}"`;
}

interface Props {
  problems: AddressProblem[];
  /** Goes to the same address without these parts (all the filters when a part is null). */
  onClear: (parts: Array<AddressPart | null>) => void;
}

/**
 * An address the gallery cannot use (an old or garbled shared link): which part is wrong, and a button
 * that takes it out; shown instead of the list, never as an empty gallery.
 */
export function AddressProblems({ problems, onClear }: Props) {
  const [first] = problems;
  const label =
    problems.length === 1 && first?.part
      ? PARTS[first.part].clear
      : problems.length === 1
        ? "Clear the filters"
        : "Clear these parts of the address";
  return (
    <div
      role="alert"
      data-testid="address-problems"
      className="flex flex-col items-center gap-3 rounded-xl border border-destructive/40 bg-destructive/5 px-6 py-12 text-center"
    >
      <Link2Off className="size-8 shrink-0 text-destructive" aria-hidden />
      <ul className="space-y-2">
        {problems.map((problem) => (
          <li key={problem.part ?? "address"}>
            <p className="break-words text-lg font-semibold">{problemText(problem)}</p>
            {problem.reason && <p className="text-muted-foreground">{problem.reason}</p>}
          </li>
        ))}
      </ul>
      <Button variant="outline" onClick={() => onClear(problems.map((problem) => problem.part))}>
        {label}
      </Button>
    </div>
  );
}
