import { EMAIL_VISIBILITY_LABEL } from "@gallery/schema";
import type { User } from "@gallery/schema/types";
import { Card, CardContent, CardHeader, CardTitle } from "@gallery/ui";
import { useState } from "react";
import { useTRPC } from "../../lib/trpc";
import { useToastMutation } from "../../lib/use-toast-mutation";

/** "Show my e-mail to signed-in members" (on by default); off, only the creator and moderators see it. */
export function EmailVisibilityCard({ user }: { user: User }) {
  const trpc = useTRPC();
  // Shown as chosen at once; the server's answer confirms it, a failure puts it back.
  const [shown, setShown] = useState(user.showEmail);
  const save = useToastMutation(
    trpc.users.updateEmailVisibility.mutationOptions({
      onSuccess: (saved) => setShown(saved.showEmail),
      onError: (_error, input) => setShown(!input.showEmail),
    }),
    {
      success: (saved) => (saved.showEmail ? "Your e-mail is shown to signed-in members" : "Your e-mail is hidden"),
      failure: "Failed to save. Please try again.",
      invalidate: [trpc.auth.pathFilter(), trpc.users.pathFilter(), trpc.chatbots.pathFilter()],
    },
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Privacy</CardTitle>
      </CardHeader>
      <CardContent>
        <label className="flex cursor-pointer items-center gap-3 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={shown}
            disabled={save.isPending}
            onChange={(event) => {
              setShown(event.target.checked);
              save.mutate({ showEmail: event.target.checked });
            }}
          />
          {EMAIL_VISIBILITY_LABEL}
        </label>
      </CardContent>
    </Card>
  );
}
