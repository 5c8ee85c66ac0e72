import { COLLECTION_TEXTS, COLLECTION_TITLE_MAX } from "@gallery/schema/collections-texts";
import { Input, Label } from "@gallery/ui";

/** A collection's title field (the "New collection" form and Edit collection). */
export function TitleField({
  id,
  value,
  onChange,
  errorId,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** The form's refusal, which describes the field while shown. */
  errorId?: string | undefined;
}) {
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>{COLLECTION_TEXTS.titleLabel}</Label>
      <Input
        id={id}
        required
        maxLength={COLLECTION_TITLE_MAX}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
      />
    </div>
  );
}

/** Whether a collection is public (shown to everyone at its page) or its owner's alone: a labelled checkbox. */
export function PublicField({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm">
      <input
        type="checkbox"
        className="size-4 accent-primary"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      {COLLECTION_TEXTS.publicLabel}
    </label>
  );
}
