import { Button, FieldError, Label } from "@gallery/ui";
import { ImagePlus } from "lucide-react";
import { useRef } from "react";
import { useImageChoice } from "../../lib/use-image-choice";

interface Props {
  /** The listing's current image (edit), shown until a new one is chosen. */
  currentUrl: string | null;
  file: File | null;
  onChange: (file: File) => void;
  required: boolean;
  error?: string;
  disabled?: boolean;
}

/** Image upload with a local preview; bad files are refused with the spec's alerts (section 5). */
export function ImageField({ currentUrl, file, onChange, required, error, disabled }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const { preview, choose } = useImageChoice(file, onChange);

  const shown = preview ?? currentUrl;
  return (
    <div className="space-y-2">
      <Label htmlFor="chatbot-image">
        Image {required ? <span className="text-destructive">*</span> : "(optional)"}
      </Label>
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
          <p className="text-xs text-muted-foreground">JPG, PNG, WebP · 512 x 1024 recommended · max 5MB</p>
          {file && <p className="max-w-56 truncate text-xs">{file.name}</p>}
        </div>
        <input
          ref={input}
          id="chatbot-image"
          type="file"
          accept="image/jpeg,image/png,image/webp"
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
    </div>
  );
}
