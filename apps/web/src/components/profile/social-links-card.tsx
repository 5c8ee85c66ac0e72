import { socialLinksInputSchema } from "@gallery/schema";
import type { User } from "@gallery/schema/types";
import { Button, Card, CardContent, CardHeader, CardTitle, FieldError, Input, Label } from "@gallery/ui";
import { zodResolver } from "@hookform/resolvers/zod";
import { Pencil } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { useTRPC } from "../../lib/trpc";
import { SOCIAL_LINKS, SocialLinksList } from "./social-links";
import { useProfileSave } from "./use-profile-save";

type Values = z.input<typeof socialLinksInputSchema>;

const storedLinks = (user: User): Values =>
  Object.fromEntries(SOCIAL_LINKS.map(({ key }) => [key, user[key] ?? ""])) as Values;

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
  const hasLinks = SOCIAL_LINKS.some(({ key }) => user[key]);

  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between space-y-0">
        <CardTitle>Social Media Links</CardTitle>
        {!editing && (
          <Button variant="ghost" size="sm" onClick={startEditing} aria-label="Edit social media links">
            <Pencil aria-hidden /> Edit
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {editing ? (
          <form onSubmit={submit} noValidate className="space-y-3">
            {SOCIAL_LINKS.map(({ key, label }) => {
              const error = form.formState.errors[key]?.message;
              return (
                <div key={key} className="space-y-1">
                  <Label htmlFor={`social-${key}`}>{label}</Label>
                  <Input
                    id={`social-${key}`}
                    type="url"
                    inputMode="url"
                    placeholder="https://..."
                    aria-invalid={Boolean(error)}
                    disabled={save.isPending}
                    {...form.register(key)}
                  />
                  <FieldError message={error} />
                </div>
              );
            })}
            <div className="flex gap-2 pt-1">
              <Button type="submit" size="sm" disabled={save.isPending}>
                {save.isPending ? "Saving..." : "Save"}
              </Button>
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={save.isPending}
                onClick={() => setEditing(false)}
              >
                Cancel
              </Button>
            </div>
          </form>
        ) : hasLinks ? (
          <SocialLinksList user={user} />
        ) : (
          <p className="text-muted-foreground italic">No social media links added yet.</p>
        )}
      </CardContent>
    </Card>
  );
}
