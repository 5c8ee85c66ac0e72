import type { Chatbot } from "@gallery/schema/types";
import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@gallery/ui";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { FormSection, TextField } from "./form-section";
import {
  type ChatbotDialogInput,
  type ChatbotDialogValues,
  chatbotDialogSchema,
  initialValues,
  toFormData,
} from "./form-values";
import { ImageField } from "./image-field";
import { RatingField } from "./rating-field";
import { useSaveChatbot } from "./use-save-chatbot";

export interface ChatbotFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The listing to edit; without one the dialog creates a new listing. */
  chatbot?: Chatbot | null;
}

/** 'Add New Chatbot' / 'Edit Chatbot' (spec section 2). It cannot be closed while a save is in flight. */
export function ChatbotFormDialog({ open, onOpenChange, chatbot }: ChatbotFormDialogProps) {
  const [saving, setSaving] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(next) => !saving && onOpenChange(next)}>
      <DialogContent preventClose={saving} className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{chatbot ? "Edit Chatbot" : "Add New Chatbot"}</DialogTitle>
          <DialogDescription>
            {chatbot ? "Update your chatbot's details." : "List a chatbot you made on Polybuzz or Roleplaya."}
          </DialogDescription>
        </DialogHeader>
        {/* Mounted per opening, so every opening starts from the listing's stored values. */}
        {open && (
          <ChatbotForm chatbot={chatbot ?? null} onPendingChange={setSaving} onDone={() => onOpenChange(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

interface FormProps {
  chatbot: Chatbot | null;
  onPendingChange: (pending: boolean) => void;
  onDone: () => void;
}

function ChatbotForm({ chatbot, onPendingChange, onDone }: FormProps) {
  const editing = Boolean(chatbot);
  const form = useForm<ChatbotDialogInput, unknown, ChatbotDialogValues>({
    resolver: zodResolver(chatbotDialogSchema),
    defaultValues: initialValues(chatbot),
  });
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string>();
  const save = useSaveChatbot(chatbot?.id, onDone);
  const errors = form.formState.errors;
  const pending = save.isPending;

  const submit = form.handleSubmit(
    (values) => {
      // The image is required only when creating; an edit keeps the current one unless replaced.
      if (!editing && !image) return setImageError("Please choose an image for your chatbot.");
      onPendingChange(true);
      save.mutate(toFormData(values, image), { onSettled: () => onPendingChange(false) });
    },
    () => {
      if (!editing && !image) setImageError("Please choose an image for your chatbot.");
    },
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <FormSection title="Basic Information">
        <TextField
          id="chatbot-title"
          label={
            <>
              Title <span className="text-destructive">*</span>
            </>
          }
          placeholder="e.g. Luna the Star Guide"
          error={errors.title?.message}
          {...form.register("title")}
        />
        <TextField
          id="chatbot-tags"
          label="Tags"
          placeholder="fantasy, adventure, romance"
          hint="Separate tags with commas"
          error={errors.tags?.message}
          {...form.register("tags")}
        />
        <TextField
          id="chatbot-series"
          label="Story Series"
          placeholder="Optional: group bots into a series"
          error={errors.storySeries?.message}
          {...form.register("storySeries")}
        />
      </FormSection>
      <FormSection title="Platform Links">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField id="chatbot-polybuzz-cid" label="Polybuzz ID" {...form.register("polybuzzCid")} />
          <TextField
            id="chatbot-polybuzz-url"
            label="Polybuzz URL"
            type="url"
            placeholder="https://"
            error={errors.polybuzzUrl?.message}
            {...form.register("polybuzzUrl")}
          />
          <TextField id="chatbot-roleplaya-cid" label="Roleplaya ID" {...form.register("roleplayaCid")} />
          <TextField
            id="chatbot-roleplaya-url"
            label="Roleplaya URL"
            type="url"
            placeholder="https://"
            error={errors.roleplayaUrl?.message}
            {...form.register("roleplayaUrl")}
          />
        </div>
      </FormSection>
      <FormSection title="Content & Image">
        <RatingField {...form.register("nsfw")} />
        <ImageField
          currentUrl={chatbot?.thumbnailUrl ?? chatbot?.imageUrl ?? null}
          file={image}
          required={!editing}
          error={imageError}
          disabled={pending}
          onChange={(file) => {
            setImage(file);
            setImageError(undefined);
          }}
        />
      </FormSection>
      <DialogFooter>
        <Button variant="outline" disabled={pending} onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {editing ? (pending ? "Saving..." : "Save Changes") : pending ? "Creating..." : "Create Chatbot"}
        </Button>
      </DialogFooter>
    </form>
  );
}
