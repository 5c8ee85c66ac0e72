import type { Suggestion } from "@gallery/schema";
import { SEARCH_TEXTS, SUGGEST_MIN } from "@gallery/schema/search";
import { cn, Input } from "@gallery/ui";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { Search } from "lucide-react";
import { type FormEvent, type KeyboardEvent, useEffect, useId, useState } from "react";
import { queryClient } from "../../lib/query-client";
import { trpc } from "../../lib/trpc";
import { listingLink } from "../chatbots/listing-link";

interface NavSearchProps {
  className?: string;
  autoFocus?: boolean;
  /** Called after a search was submitted (the small-screen search row closes with it). */
  onDone?: () => void;
}

/** Suggestions are asked for once typing pauses this long. */
const DEBOUNCE_MS = 200;

/** The text, once it has not changed for `ms`. */
function useSettled(text: string, ms: number) {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return settled;
}

/**
 * Spec section 2: submitting a term that is non-empty after trimming goes to /?search={term}; an empty term does nothing.
 * Issue 39: as one types, suggestions (titles, tags, creators; at most 8, visitors' SFW only: the server's to decide)
 * in a WAI-ARIA combobox: ArrowDown/ArrowUp move through them (aria-activedescendant, focus stays in the box), Enter
 * opens the one chosen (or searches the term when none is), Escape closes them. Asked for once typing pauses; a
 * request superseded by more typing is cancelled (the query's signal), and the last answer stays until the next.
 */
export function NavSearch({ className, autoFocus, onDone }: NavSearchProps) {
  const navigate = useNavigate();
  const id = useId();
  const [term, setTerm] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const settled = useSettled(term.trim(), DEBOUNCE_MS);
  const asking = settled.length >= SUGGEST_MIN;
  // The app's one query client, named (the nav is also drawn without the app's providers, in tests).
  const { data } = useQuery(
    {
      ...trpc.chatbots.suggestions.queryOptions({ q: settled }),
      enabled: asking,
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    },
    queryClient,
  );
  const suggestions: Suggestion[] = asking && term.trim().length >= SUGGEST_MIN ? (data ?? []) : [];
  const expanded = open && suggestions.length > 0;
  const optionId = (index: number) => `${id}-option-${index}`;

  const done = () => {
    setOpen(false);
    setActive(-1);
    onDone?.();
  };
  const go = (suggestion: Suggestion) => {
    setTerm("");
    if (suggestion.kind === "title" && suggestion.id) {
      void navigate(listingLink({ id: suggestion.id, title: suggestion.text }));
    } else if (suggestion.kind === "creator" && suggestion.id) {
      void navigate({ to: "/profile/$userId", params: { userId: suggestion.id } });
    } else {
      void navigate({ to: "/", search: { tags: suggestion.text } });
    }
    done();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = expanded ? suggestions[active] : undefined;
    if (chosen) return go(chosen);
    const trimmed = term.trim();
    if (!trimmed) return;
    void navigate({ to: "/", search: { search: trimmed } });
    done();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (suggestions.length === 0) return;
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setOpen(true);
      // From the box, down goes to the first and up to the last; past either end, back to the box (-1).
      setActive((current) => {
        const next = current + step;
        if (!expanded) return step === 1 ? 0 : suggestions.length - 1;
        return next < -1 ? suggestions.length - 1 : next >= suggestions.length ? -1 : next;
      });
    } else if (event.key === "Escape" && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <search className={cn("relative", className)}>
      <form onSubmit={submit}>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          name="search"
          role="combobox"
          aria-label="Search chatbots"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={`${id}-listbox`}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          placeholder="Search chatbots..."
          autoComplete="off"
          enterKeyHint="search"
          autoFocus={autoFocus}
          value={term}
          onChange={(event) => {
            setTerm(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          className="h-9 rounded-full bg-muted/60 pl-9 focus-visible:bg-card"
        />
      </form>
      <div
        id={`${id}-listbox`}
        role="listbox"
        aria-label={SEARCH_TEXTS.suggestions}
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-50 mt-1 max-h-96 overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
      >
        {expanded &&
          suggestions.map((suggestion, index) => (
            // Chosen with the keyboard from the box (aria-activedescendant) or by pointer; the box keeps the focus.
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's input handles the keys
            <div
              key={`${suggestion.kind}:${suggestion.id ?? suggestion.text}`}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => go(suggestion)}
              className={cn(
                "flex cursor-pointer items-center justify-between gap-3 rounded-sm px-2 py-1.5 text-sm",
                index === active && "bg-accent text-accent-foreground",
              )}
            >
              <span className="truncate">{suggestion.text}</span>
              <span className="shrink-0 text-xs text-muted-foreground">{SEARCH_TEXTS.kinds[suggestion.kind]}</span>
            </div>
          ))}
      </div>
    </search>
  );
}
