import { aboutSchema } from "@gallery/schema";
import { ABOUT_MAX } from "@gallery/schema/constants";
import type { User } from "@gallery/schema/types";
import { FieldError, Label, Textarea, toast } from "@gallery/ui";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { type FieldErrors, useForm } from "react-hook-form";
import { z } from "zod";
import { serverMessage } from "../../lib/errors";
import { useTRPC } from "../../lib/trpc";
import { EditableCard, SaveOrCancel } from "./editable-card";
import { useProfileSave } from "./use-profile-save";

const formSchema = z.object({ about: aboutSchema });
type Values = z.input<typeof formSchema>;
const FALLBACK = "Failed to update about section";

/** About Me: view mode, edit mode with 'n/500 characters'; the failure toast shows the validation or server message. */
export function AboutCard({ user }: { user: User }) {
  const [editing, setEditing] = useState(false);
  const form = useForm<Values>({ resolver: zodResolver(formSchema), mode: "onChange", defaultValues: { about: "" } });
  const trpc = useTRPC();
  const save = useProfileSave(trpc.users.updateAbout.mutationOptions({ onSuccess: () => setEditing(false) }), {
    success: "About section updated successfully!",
    failure: (error) => serverMessage(error) ?? FALLBACK,
  });

  const startEditing = () => {
    form.reset({ about: user.about ?? "" });
    setEditing(true);
  };
  const invalid = (errors: FieldErrors<Values>) =>
    toast.error("Error", { description: errors.about?.message ?? FALLBACK });
  const submit = form.handleSubmit(({ about }) => save.mutateAsync({ about }).catch(() => {}), invalid);
  const length = form.watch("about")?.length ?? 0;
  const error = form.formState.errors.about?.message;

  return (
    <EditableCard title="About Me" editLabel="Edit about" editing={editing} onEdit={startEditing}>
      {editing ? (
        <form onSubmit={submit} noValidate className="space-y-2">
          <Label htmlFor="profile-about" className="sr-only">
            About Me
          </Label>
          <Textarea
            id="profile-about"
            rows={5}
            autoFocus
            placeholder="Tell others about yourself and the chatbots you create..."
            aria-invalid={Boolean(error)}
            aria-describedby="profile-about-hint"
            disabled={save.isPending}
            {...form.register("about")}
          />
          <div id="profile-about-hint" className="flex flex-wrap justify-between gap-2 text-xs text-muted-foreground">
            <span>No links, profanity, or web addresses allowed</span>
            <span className={length > ABOUT_MAX ? "text-destructive" : undefined}>
              {length}/{ABOUT_MAX} characters
            </span>
          </div>
          <FieldError message={error} />
          <SaveOrCancel pending={save.isPending} onCancel={() => setEditing(false)} />
        </form>
      ) : user.about ? (
        <p className="whitespace-pre-wrap break-words" data-testid="about-value">
          {user.about}
        </p>
      ) : (
        <p className="text-muted-foreground italic">Tell others about yourself. Nothing here yet.</p>
      )}
    </EditableCard>
  );
}
