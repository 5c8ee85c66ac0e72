import { Button, Label } from "@gallery/ui";
import { ImageOff, Upload } from "lucide-react";
import { useRef } from "react";
import { useImageChoice } from "../../lib/use-image-choice";

interface Props {
  currentUrl: string | null;
  file: File | null;
  onChange: (file: File | null) => void;
}

/** Upload or change the image; a new choice is previewed locally (object URL) until saved. */
export function ImagePicker({ currentUrl, file, onChange }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const { preview, choose } = useImageChoice(file, onChange);

  const shown = preview ?? currentUrl;
  return (
    <div className="space-y-1.5">
      <Label htmlFor="admin-edit-image">Image</Label>
      <div className="flex items-center gap-3">
        <div className="flex h-24 w-16 items-center justify-center overflow-hidden rounded-md bg-muted">
          {shown ? (
            <img
              src={shown}
              alt={preview ? "New image preview" : "Current image"}
              className="h-full w-full object-cover"
            />
          ) : (
            <ImageOff className="h-5 w-5 text-muted-foreground" aria-label="No image" />
          )}
        </div>
        <Button variant="outline" size="sm" onClick={() => input.current?.click()}>
          <Upload className="h-4 w-4" aria-hidden />
          {shown ? "Change Image" : "Upload Image"}
        </Button>
        <input
          ref={input}
          id="admin-edit-image"
          type="file"
          accept="image/*"
          className="sr-only"
          onChange={(event) => {
            choose(event.target.files?.[0]);
            event.target.value = "";
          }}
        />
      </div>
    </div>
  );
}
