import { cn } from "@gallery/ui";

interface Props {
  value: boolean;
  onChange: (nsfw: boolean) => void;
  disabled?: boolean;
}

const OPTIONS = [
  { value: false, label: "SFW", hint: "Safe for work" },
  { value: true, label: "NSFW", hint: "Mature content, members only" },
] as const;

/** Content rating radio (spec section 4): SFW = nsfw false, NSFW = nsfw true. */
export function RatingField({ value, onChange, disabled }: Props) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">Content Rating</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {OPTIONS.map((option) => (
          <label
            key={option.label}
            className={cn(
              "flex cursor-pointer items-center gap-3 rounded-lg border p-3 transition-colors hover:bg-muted",
              "has-[:checked]:border-primary has-[:checked]:bg-primary/5",
            )}
          >
            <input
              type="radio"
              name="nsfw"
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              disabled={disabled}
              className="size-4 accent-primary"
              aria-labelledby={`rating-${option.value}`}
              aria-describedby={`rating-${option.value}-hint`}
            />
            <span>
              <span id={`rating-${option.value}`} className="block text-sm font-semibold">
                {option.label}
              </span>
              <span id={`rating-${option.value}-hint`} className="block text-xs text-muted-foreground">
                {option.hint}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
