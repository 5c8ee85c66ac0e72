import { Button, FieldError, Label } from "@gallery/ui";
import { ImagePlus } from "lucide-react";
import { type ReactNode, useRef } from "react";
import { useImageChoice } from "../../lib/use-image-choice";
import { type Focus, FocusPicker } from "./focus-picker";

interface Props {
  /** e.g. 'Image *' (owner's create), 'Image (optional)', 'Image' (admin). */
  label: ReactNode;
  /** The file types offered by the picker (every choice is checked again: images only, up to 5 MB). */
  accept: string;
  /** The listing's current image (edit), shown until a new one is chosen. */
  currentUrl: string | null;
  file: File | null;
  onChange: (file: File) => void;
  /** Shown under the button, e.g. formats and size. */
  hint?: string;
  error?: string | undefined;
  disabled?: boolean;
  /** The card crop's focal point, chosen once there is a picture. */
  focus: Focus;
  onFocusChange: (focus: Focus) => void;
}

/** Image upload with a local preview; bad files are refused with the spec's alerts (section 5). */
export function ImageField(props: Props) {
  const { label, accept, currentUrl, file, onChange, hint, error, disabled, focus, onFocusChange } = props;
  const input = useRef<HTMLInputElement>(null);
  const { preview, choose } = useImageChoice(file, onChange);

  const shown = preview ?? currentUrl;
  return (
    <div className="space-y-2">
      <Label htmlFor="chatbot-image">{label}</Label>
      <div className="flex items-center gap-4">
        <div className="flex h-28 w-20 shrink-0 items-center justify-center overflow-hidden rounded-lg border bg-muted">
          {shown ? (
            <img
              src={shown}
              alt={preview ? "New image preview" : "Current image"}
              className="h-full w-full object-cover"
            />
          ) : (
            <ImagePlus className="size-6 text-muted-foreground" aria-hidden />
          )}
        </div>
        <div className="space-y-1.5">
          <Button variant="outline" size="sm" disabled={disabled} onClick={() => input.current?.click()}>
            {shown ? "Change Image" : "Choose Image"}
          </Button>
          {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
          {file && <p className="max-w-56 truncate text-xs">{file.name}</p>}
        </div>
        <input
          ref={input}
          id="chatbot-image"
          type="file"
          accept={accept}
          className="sr-only"
          disabled={disabled}
          aria-invalid={Boolean(error)}
          onChange={(event) => {
            choose(event.target.files?.[0]);
            event.target.value = "";
          }}
        />
      </div>
      <FieldError message={error} />
      {shown && <FocusPicker src={shown} focus={focus} onChange={onFocusChange} disabled={disabled} />}
    </div>
  );
}
