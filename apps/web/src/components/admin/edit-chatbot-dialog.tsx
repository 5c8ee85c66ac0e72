import { type AdminChatbot, adminChatbotFormSchema } from "@gallery/schema";
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Input,
  Label,
} from "@gallery/ui";
import { type FormEvent, useState } from "react";
import { updateChatbot } from "./admin-api";
import { ImagePicker } from "./image-picker";
import { useAdminAction } from "./use-admin-action";

interface Props {
  chatbot: AdminChatbot;
  onClose: () => void;
}

const initialValues = (c: AdminChatbot) => ({
  title: c.title,
  storySeries: c.storySeries ?? "",
  tags: c.tags.join(", "),
  nsfw: c.nsfw,
  polybuzzCid: c.polybuzzCid ?? "",
  polybuzzUrl: c.polybuzzUrl ?? "",
  roleplayaCid: c.roleplayaCid ?? "",
  roleplayaUrl: c.roleplayaUrl ?? "",
});
type Values = ReturnType<typeof initialValues>;
type TextField = Exclude<keyof Values, "nsfw">;

/** Admin Edit Chatbot (spec section 2); the image is sent only when a new one is chosen. */
export function EditChatbotDialog({ chatbot, onClose }: Props) {
  const [values, setValues] = useState(() => initialValues(chatbot));
  const [image, setImage] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const save = useAdminAction((form: FormData) => updateChatbot(chatbot.id, form), {
    success: "Chatbot updated successfully",
    failure: "Failed to update chatbot",
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = adminChatbotFormSchema.safeParse(values);
    if (!parsed.success) {
      const fieldErrors: Partial<Record<keyof Values, string>> = {};
      for (const issue of parsed.error.issues) fieldErrors[issue.path[0] as keyof Values] ??= issue.message;
      return setErrors(fieldErrors);
    }
    setErrors({});
    const form = new FormData();
    for (const [key, value] of Object.entries(values)) form.append(key, String(value));
    if (image) form.append("image", image);
    save.mutate(form, { onSuccess: onClose });
  };

  const text = (name: TextField, label: string, type = "text") => (
    <div className="space-y-1.5">
      <Label htmlFor={`admin-edit-${name}`}>{label}</Label>
      <Input
        id={`admin-edit-${name}`}
        type={type}
        value={values[name]}
        onChange={(event) => setValues({ ...values, [name]: event.target.value })}
        aria-invalid={Boolean(errors[name])}
      />
      {errors[name] && (
        <p role="alert" className="text-sm text-destructive">
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <Dialog open onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogContent preventClose={save.isPending}>
        <DialogHeader>
          <DialogTitle>Edit Chatbot</DialogTitle>
          <DialogDescription>Change any listing's details or image.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="space-y-4" noValidate>
          {text("title", "Name*")}
          {text("storySeries", "Series")}
          {text("tags", "Tags (comma separated)")}
          <label className="flex items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              checked={values.nsfw}
              onChange={(event) => setValues({ ...values, nsfw: event.target.checked })}
            />
            NSFW
          </label>
          <ImagePicker currentUrl={chatbot.thumbnailUrl ?? chatbot.imageUrl} file={image} onChange={setImage} />
          <div className="grid gap-4 sm:grid-cols-2">
            {text("polybuzzCid", "Polybuzz CID")}
            {text("polybuzzUrl", "Polybuzz URL", "url")}
            {text("roleplayaCid", "Roleplaya CID")}
            {text("roleplayaUrl", "Roleplaya URL", "url")}
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? "Saving..." : "Save Changes"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
