import { nicknameSchema } from "@gallery/schema";
import { NICKNAME_MAX } from "@gallery/schema/constants";
import type { User } from "@gallery/schema/types";
import { Button, FieldError, Input, Label } from "@gallery/ui";
import { zodResolver } from "@hookform/resolvers/zod";
import { Check, Pencil, X } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { useTRPC } from "../../lib/trpc";
import { useProfileSave } from "./use-profile-save";

const formSchema = z.object({ nickname: nicknameSchema });
type Values = z.input<typeof formSchema>;

/** The display name (nickname) with an inline editor: view mode, edit mode; cancel restores the stored value. */
export function NicknameEditor({ user }: { user: User }) {
  const [editing, setEditing] = useState(false);
  const form = useForm<Values>({
    resolver: zodResolver(formSchema),
    mode: "onChange",
    defaultValues: { nickname: "" },
  });
  const trpc = useTRPC();
  const save = useProfileSave(trpc.users.updateNickname.mutationOptions({ onSuccess: () => setEditing(false) }), {
    success: "Nickname updated successfully!",
    failure: "Failed to update nickname. It may already be taken.",
  });

  const startEditing = () => {
    form.reset({ nickname: user.nickname ?? "" });
    setEditing(true);
  };
  const submit = form.handleSubmit(({ nickname }) => save.mutateAsync({ nickname: nickname.trim() }).catch(() => {}));
  const error = form.formState.errors.nickname?.message;

  if (!editing) {
    return (
      <div className="flex min-w-0 items-center gap-2">
        <div className="min-w-0">
          <p className="text-sm text-muted-foreground">Display Name</p>
          <p className="truncate text-xl font-semibold" data-testid="nickname-value">
            {user.nickname || <span className="font-normal text-muted-foreground italic">No nickname set</span>}
          </p>
        </div>
        <Button variant="ghost" size="icon" aria-label="Edit nickname" onClick={startEditing}>
          <Pencil aria-hidden />
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="w-full space-y-1.5">
      <Label htmlFor="profile-nickname">Display Name</Label>
      <div className="flex items-center gap-2">
        <Input
          id="profile-nickname"
          autoFocus
          maxLength={NICKNAME_MAX + 10}
          placeholder="Enter a nickname"
          aria-invalid={Boolean(error)}
          aria-describedby={error ? "profile-nickname-error" : undefined}
          disabled={save.isPending}
          {...form.register("nickname")}
        />
        <Button type="submit" size="icon" aria-label="Save nickname" disabled={save.isPending}>
          <Check aria-hidden />
        </Button>
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label="Cancel nickname edit"
          disabled={save.isPending}
          onClick={() => setEditing(false)}
        >
          <X aria-hidden />
        </Button>
      </div>
      <FieldError id="profile-nickname-error" message={error} />
    </form>
  );
}
