import { AUTH_MESSAGES } from "@gallery/schema";
import { Button, Card, CardContent, CardHeader, CardTitle, ConfirmDialog } from "@gallery/ui";
import { MonitorSmartphone } from "lucide-react";
import { useState } from "react";
import { useAuth } from "../../auth/use-auth";
import { serverMessage } from "../../lib/errors";
import { useTRPC } from "../../lib/trpc";
import { useToastMutation } from "../../lib/use-toast-mutation";

/**
 * "Sessions": sign out everywhere. After a confirmation the server ends every session of the member (and their
 * sign-in at the identity provider), this browser's included, so this browser signs out too.
 */
export function SessionsCard() {
  const trpc = useTRPC();
  const { signOut } = useAuth();
  const [confirming, setConfirming] = useState(false);
  const everywhere = useToastMutation(trpc.auth.signOutEverywhere.mutationOptions(), {
    success: AUTH_MESSAGES.signOutEverywhereDone,
    failure: (failed) => serverMessage(failed) ?? AUTH_MESSAGES.signOutEverywhereFailed,
    invalidate: [],
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MonitorSmartphone className="size-5" aria-hidden />
          Sessions
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center justify-between gap-4">
        <p className="max-w-prose text-sm text-muted-foreground">{AUTH_MESSAGES.signOutEverywhereHelp}</p>
        <Button variant="outline" onClick={() => setConfirming(true)}>
          {AUTH_MESSAGES.signOutEverywhere}
        </Button>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={AUTH_MESSAGES.signOutEverywhere}
        description={AUTH_MESSAGES.signOutEverywhereConfirm}
        confirmLabel={AUTH_MESSAGES.signOutEverywhere}
        pendingLabel="Signing out..."
        pending={everywhere.isPending}
        onConfirm={() =>
          everywhere.mutate(undefined, {
            onSuccess: async () => {
              setConfirming(false);
              // The server has ended this session too: sign out here as well (identity provider, then the cache).
              await signOut();
            },
            onError: () => setConfirming(false),
          })
        }
      />
    </Card>
  );
}
