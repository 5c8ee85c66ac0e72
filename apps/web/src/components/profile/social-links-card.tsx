import { SOCIAL_LINK_FIELDS, socialLinksInputSchema } from "@gallery/schema";
import type { User } from "@gallery/schema/types";
import { TextField } from "@gallery/ui";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { useTRPC } from "../../lib/trpc";
import { EditableCard, SaveOrCancel } from "./editable-card";
import { SocialLinksList } from "./social-links";
import { useProfileSave } from "./use-profile-save";

type Values = z.input<typeof socialLinksInputSchema>;

const storedLinks = (user: User): Values =>
  Object.fromEntries(SOCIAL_LINK_FIELDS.map(({ key }) => [key, user[key] ?? ""])) as Values;

/** Social media links: view mode lists the set ones; edit mode has all six (each a URL or empty). */
export function SocialLinksCard({ user }: { user: User }) {
  const [editing, setEditing] = useState(false);
  const form = useForm<Values>({
    resolver: zodResolver(socialLinksInputSchema),
    mode: "onChange",
    defaultValues: storedLinks(user),
  });
  const trpc = useTRPC();
  const save = useProfileSave(trpc.users.updateSocialLinks.mutationOptions({ onSuccess: () => setEditing(false) }), {
    success: "Social media links updated successfully!",
    failure: "Failed to update social media links. Please try again.",
  });

  const startEditing = () => {
    form.reset(storedLinks(user));
    setEditing(true);
  };
  const submit = form.handleSubmit((links) => {
    const trimmed = Object.fromEntries(Object.entries(links).map(([key, url]) => [key, url.trim()])) as Values;
    return save.mutateAsync(trimmed).catch(() => {});
  });
  const hasLinks = SOCIAL_LINK_FIELDS.some(({ key }) => user[key]);

  return (
    <EditableCard
      title="Social Media Links"
      editLabel="Edit social media links"
      editing={editing}
      onEdit={startEditing}
    >
      {editing ? (
        <form onSubmit={submit} noValidate className="space-y-3">
          {SOCIAL_LINK_FIELDS.map(({ key, label }) => {
            const error = form.formState.errors[key]?.message;
            return (
              <TextField
                key={key}
                id={`social-${key}`}
                label={label}
                className="space-y-1"
                type="url"
                inputMode="url"
                placeholder="https://..."
                error={error}
                disabled={save.isPending}
                {...form.register(key)}
              />
            );
          })}
          <SaveOrCancel pending={save.isPending} onCancel={() => setEditing(false)} className="pt-1" />
        </form>
      ) : hasLinks ? (
        <SocialLinksList user={user} />
      ) : (
        <p className="text-muted-foreground italic">No social media links added yet.</p>
      )}
    </EditableCard>
  );
}
