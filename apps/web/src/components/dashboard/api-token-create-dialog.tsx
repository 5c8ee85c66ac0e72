import { API_TOKEN_EXPIRIES, API_TOKEN_NAME_MAX, type ApiTokenScope, createApiTokenSchema } from "@gallery/schema";
import { Button, type DialogOpenProps, FieldError, FormDialog, SelectField, TextField } from "@gallery/ui";
import { Copy } from "lucide-react";
import { useState } from "react";
import { serverMessage } from "../../lib/errors";
import { useTRPC } from "../../lib/trpc";
import { useToastMutation } from "../../lib/use-toast-mutation";
import { copyToClipboard } from "../chatbots/copy-identifier";

export const SCOPE_LABELS: Record<ApiTokenScope, string> = {
  read: "Read",
  write: "Read and write",
  admin: "Admin (read, write and moderation)",
};

interface Props extends DialogOpenProps {
  /** Moderators and admins may also create an admin-scope token. */
  mayCreateAdmin: boolean;
}

/**
 * Creates a personal API token: a name, a scope and an expiry; then shows the whole token once, with a copy
 * button, since only its hash is kept.
 */
export function ApiTokenCreateDialog({ open, onOpenChange, mayCreateAdmin }: Props) {
  const trpc = useTRPC();
  const [name, setName] = useState("");
  const [scope, setScope] = useState<ApiTokenScope>("read");
  const [expiry, setExpiry] = useState("90");
  const [error, setError] = useState<string | undefined>();
  const [secret, setSecret] = useState<string | null>(null);
  const create = useToastMutation(trpc.apiTokens.create.mutationOptions(), {
    success: "API token created",
    failure: (failed) => serverMessage(failed) ?? "Failed to create the API token",
    invalidate: [trpc.apiTokens.pathFilter()],
  });

  const close = (next: boolean) => {
    if (next) return onOpenChange(true);
    setName("");
    setScope("read");
    setExpiry("90");
    setError(undefined);
    setSecret(null);
    onOpenChange(false);
  };

  const submit = () => {
    const input = createApiTokenSchema.safeParse({
      name,
      scope,
      expiresInDays: expiry === "never" ? null : Number(expiry),
    });
    setError(input.success ? undefined : input.error.issues[0]?.message);
    if (input.success) create.mutate(input.data, { onSuccess: (created) => setSecret(created.secret) });
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title={secret ? "Your new API token" : "Create an API token"}
      description={
        secret
          ? "Copy it now and keep it somewhere safe. You won't see it again."
          : "A script sends it as Authorization: Bearer <token> and acts as you, within its scope."
      }
      onSubmit={submit}
      submitLabel="Create token"
      pendingLabel="Creating..."
      pending={create.isPending}
      formLabel="Create an API token"
      noValidate
      result={
        secret && (
          <div className="flex min-w-0 items-center gap-2">
            <code
              className="min-w-0 flex-1 break-all rounded bg-muted px-2 py-1.5 font-mono text-xs"
              data-testid="api-token-secret"
            >
              {secret}
            </code>
            <Button
              variant="outline"
              size="icon"
              className="size-11 shrink-0 sm:size-9"
              aria-label="Copy API token"
              onClick={() => void copyToClipboard("API token", secret)}
            >
              <Copy />
            </Button>
          </div>
        )
      }
    >
      <TextField
        id="api-token-name"
        label="Name"
        className="space-y-2"
        maxLength={API_TOKEN_NAME_MAX}
        placeholder="e.g. Nightly import script"
        value={name}
        onChange={(event) => setName(event.target.value)}
        disabled={create.isPending}
      />
      <SelectField
        id="api-token-scope"
        label="Scope"
        className="space-y-2"
        value={scope}
        onChange={(event) => setScope(event.target.value as ApiTokenScope)}
        disabled={create.isPending}
      >
        <option value="read">{SCOPE_LABELS.read}</option>
        <option value="write">{SCOPE_LABELS.write}</option>
        {mayCreateAdmin && <option value="admin">{SCOPE_LABELS.admin}</option>}
      </SelectField>
      <SelectField
        id="api-token-expiry"
        label="Expires"
        className="space-y-2"
        value={expiry}
        onChange={(event) => setExpiry(event.target.value)}
        disabled={create.isPending}
      >
        {API_TOKEN_EXPIRIES.map((days) => (
          <option key={days} value={String(days)}>
            In {days} days
          </option>
        ))}
        <option value="never">Never</option>
      </SelectField>
      <FieldError message={error} />
    </FormDialog>
  );
}
