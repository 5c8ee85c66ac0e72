import type { ApiToken } from "@gallery/schema";
import { Button, Card, CardContent, CardHeader, CardTitle, ConfirmDialog } from "@gallery/ui";
import { useQuery } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { serverMessage } from "../../lib/errors";
import { useTRPC } from "../../lib/trpc";
import { useToastMutation } from "../../lib/use-toast-mutation";
import { AdminTable } from "../admin/admin-list";
import { formatDate } from "../admin/display";
import { QueryContent } from "../common/load-failed";
import { ApiTokenCreateDialog, SCOPE_LABELS } from "./api-token-create-dialog";

/**
 * "API tokens" (issue 24): a member's personal tokens for scripts, listed with their public prefix, scope and
 * dates; created in a dialog that shows the secret once; revoked after a confirmation (the next request fails).
 */
export function ApiTokensCard({ mayCreateAdmin }: { mayCreateAdmin: boolean }) {
  const trpc = useTRPC();
  const tokens = useQuery(trpc.apiTokens.list.queryOptions());
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const revoke = useToastMutation(trpc.apiTokens.revoke.mutationOptions(), {
    success: "API token revoked",
    failure: (failed) => serverMessage(failed) ?? "Failed to revoke the API token",
    invalidate: [trpc.apiTokens.pathFilter()],
  });
  const items = tokens.data?.items ?? [];

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="size-5" aria-hidden />
          API tokens
        </CardTitle>
        <Button onClick={() => setCreating(true)}>Create token</Button>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm text-muted-foreground">
          Let a script use the API as you: send a token as <code>Authorization: Bearer &lt;token&gt;</code>.
        </p>
        <QueryContent query={tokens} what="Your API tokens">
          {items.length === 0 ? (
            <p className="text-sm text-muted-foreground">You have no API tokens.</p>
          ) : (
            <AdminTable
              label="API tokens"
              rows={items}
              columns={[
                { label: "Name", className: "font-medium", cell: (token) => token.name },
                { label: "Prefix", cell: (token) => <code className="font-mono text-xs">{token.prefix}</code> },
                { label: "Scope", cell: (token) => SCOPE_LABELS[token.scope] },
                { label: "Created", cell: (token) => formatDate(token.createdAt) },
                { label: "Last used", cell: (token) => (token.lastUsedAt ? formatDate(token.lastUsedAt) : "Never") },
                { label: "Expires", cell: (token) => (token.expiresAt ? formatDate(token.expiresAt) : "Never") },
                {
                  label: "Actions",
                  hideLabel: true,
                  cell: (token) => (
                    <Button variant="outline" size="sm" onClick={() => setRevoking(token)}>
                      Revoke<span className="sr-only"> {token.name}</span>
                    </Button>
                  ),
                },
              ]}
            />
          )}
        </QueryContent>
      </CardContent>
      <ApiTokenCreateDialog open={creating} onOpenChange={setCreating} mayCreateAdmin={mayCreateAdmin} />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title="Revoke API token"
        description={`Revoke "${revoking?.name ?? ""}"? Scripts using it stop working at once. This cannot be undone.`}
        confirmLabel="Revoke"
        pendingLabel="Revoking..."
        pending={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate({ id: revoking.id }, { onSuccess: () => setRevoking(null) })}
      />
    </Card>
  );
}
