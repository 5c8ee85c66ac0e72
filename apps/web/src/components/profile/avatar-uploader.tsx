import { IMAGE_MAX_BYTES, IMAGE_MIME_TYPES } from "@gallery/schema/constants";
import { creatorInitials } from "@gallery/schema/display";
import type { User } from "@gallery/schema/types";
import { Avatar, Button, toast } from "@gallery/ui";
import { Camera, Upload, X } from "lucide-react";
import { useRef, useState } from "react";
import { useTRPC } from "../../lib/trpc";
import { useLocalPreview } from "../../lib/use-image-choice";
import { useProfileSave } from "./use-profile-save";

/** The client-side checks of spec section 5 (the server checks the real content again). */
export function checkAvatarFile(file: File): { title: string; description: string } | null {
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) {
    return { title: "Invalid file type", description: "Please select a JPEG, PNG, or WebP image." };
  }
  // Spec section 5: the avatar must be under 5MB, so exactly 5 MB is already too large.
  if (file.size >= IMAGE_MAX_BYTES) {
    return { title: "File too large", description: "Please select an image smaller than 5MB." };
  }
  return null;
}

/** The `users.updateAvatar` input: multipart with the file field `avatar`. */
const avatarForm = (file: File) => {
  const form = new FormData();
  form.append("avatar", file);
  return form;
};

/** Avatar editor: choose a file (local preview), then Upload or Cancel. */
export function AvatarUploader({ user }: { user: User }) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const preview = useLocalPreview(file);

  const clear = () => {
    setFile(null);
    if (input.current) input.current.value = "";
  };
  const trpc = useTRPC();
  const upload = useProfileSave(trpc.users.updateAvatar.mutationOptions({ onSuccess: clear }), {
    success: "Avatar uploaded successfully!",
    failure: "Failed to upload avatar. Please try again.",
  });

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    const problem = checkAvatarFile(chosen);
    if (problem) {
      toast.error(problem.title, { description: problem.description });
      if (input.current) input.current.value = "";
      return;
    }
    setFile(chosen);
  };

  return (
    <div className="flex flex-col items-center gap-3">
      <Avatar
        src={preview ?? user.avatarUrl ?? user.profileImageUrl}
        fallback={creatorInitials(user)}
        alt={preview ? "New avatar preview" : "Your avatar"}
        className="size-24 text-2xl"
      />
      <input
        ref={input}
        type="file"
        accept={IMAGE_MIME_TYPES.join(",")}
        className="sr-only"
        tabIndex={-1}
        aria-label="Avatar image file"
        data-testid="avatar-input"
        onChange={(event) => choose(event.target.files?.[0])}
      />
      {file ? (
        <div className="flex gap-2">
          <Button size="sm" disabled={upload.isPending} onClick={() => upload.mutate(avatarForm(file))}>
            <Upload aria-hidden /> {upload.isPending ? "Uploading..." : "Upload"}
          </Button>
          <Button size="sm" variant="outline" disabled={upload.isPending} onClick={clear}>
            <X aria-hidden /> Cancel
          </Button>
        </div>
      ) : (
        <Button size="sm" variant="outline" onClick={() => input.current?.click()}>
          <Camera aria-hidden /> Change Avatar
        </Button>
      )}
    </div>
  );
}
