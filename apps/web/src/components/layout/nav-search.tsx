import { Input } from "@gallery/ui";
import { useNavigate } from "@tanstack/react-router";
import { Search } from "lucide-react";
import { type FormEvent, useState } from "react";

/** Submitting a non-empty trimmed term goes to /?search={term}; an empty term does nothing. */
export function NavSearch({ className, onDone }: { className?: string; onDone?: () => void }) {
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
    <search className={className}>
      <form onSubmit={submit}>
        <div className="relative">
          <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            aria-label="Search chatbots"
            placeholder="Search chatbots..."
            value={term}
            onChange={(event) => setTerm(event.target.value)}
            className="pl-9"
          />
        </div>
      </form>
    </search>
  );
}
