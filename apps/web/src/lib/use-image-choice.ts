import { IMAGE_MAX_BYTES } from "@gallery/schema/constants";
import { useEffect, useState } from "react";

/** A chosen file shown before it is saved: an object URL, revoked when the file changes; null for no file. */
export function useLocalPreview(file: File | null) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return preview;
}

/**
 * A chatbot image input: refuses non-images and files over 5 MB with the spec's alerts (section 5),
 * and previews the chosen file locally (useLocalPreview) until it is saved.
 */
export function useImageChoice(file: File | null, onChange: (file: File) => void) {
  const preview = useLocalPreview(file);

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    if (!chosen.type.startsWith("image/")) return window.alert("Please select an image file.");
    if (chosen.size > IMAGE_MAX_BYTES) return window.alert("Image size must be less than 5MB.");
    onChange(chosen);
  };
  return { preview, choose };
}
