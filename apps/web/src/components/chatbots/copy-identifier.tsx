import { Button, toast } from "@gallery/ui";
import { Copy } from "lucide-react";

interface Props {
  /** e.g. 'Polybuzz ID' (also used in the toast). */
  label: string;
  value: string;
}

/** Spec section 8: 'Copied!' - '{label} copied to clipboard'; a failure is a destructive 'Error' toast. */
export async function copyToClipboard(label: string, value: string) {
  try {
    await navigator.clipboard.writeText(value);
    toast.success("Copied!", { description: `${label} copied to clipboard` });
  } catch {
    toast.error("Error", { description: "Failed to copy to clipboard" });
  }
}

/** A platform identifier, truncated to fit, with a copy button. */
export function CopyIdentifier({ label, value }: Props) {
  return (
    <div className="flex min-w-0 items-center gap-1 text-xs">
      <span className="shrink-0 text-muted-foreground">{label}:</span>
      <code className="min-w-0 truncate rounded bg-muted px-1.5 py-0.5 font-mono" title={value}>
        {value}
      </code>
      <Button
        variant="ghost"
        size="icon"
        className="size-11 shrink-0 sm:size-7"
        aria-label={`Copy ${label}`}
        onClick={() => void copyToClipboard(label, value)}
      >
        <Copy />
      </Button>
    </div>
  );
}
