import { cn, Input } from "@gallery/ui";
import { useNavigate } from "@tanstack/react-router";
import { Search } from "lucide-react";
import { type FormEvent, useState } from "react";

interface NavSearchProps {
  className?: string;
  autoFocus?: boolean;
  /** Called after a search was submitted (the small-screen search row closes with it). */
  onDone?: () => void;
}

/** Spec section 2: submitting a term that is non-empty after trimming goes to /?search={term}; an empty term does nothing. */
export function NavSearch({ className, autoFocus, onDone }: NavSearchProps) {
  const navigate = useNavigate();
  const [term, setTerm] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = term.trim();
    if (!trimmed) return;
    void navigate({ to: "/", search: { search: trimmed } });
    onDone?.();
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
          aria-label="Search chatbots"
          placeholder="Search chatbots..."
          autoComplete="off"
          enterKeyHint="search"
          autoFocus={autoFocus}
          value={term}
          onChange={(event) => setTerm(event.target.value)}
          className="h-9 rounded-full bg-muted/60 pl-9 focus-visible:bg-card"
        />
      </form>
    </search>
  );
}
