import type { User } from "@gallery/schema/types";
import { Clock } from "lucide-react";

/**
 * The dashboard's notice for an account the server reports as pending (`user.isApproved` false, only
 * when the operator requires approval). What pending blocks is the server's to decide: a refused
 * create shows its message.
 */
export function PendingBanner({ user }: { user: Pick<User, "isApproved"> }) {
  if (user.isApproved) return null;
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-xl border border-warning/50 bg-warning/10 p-4 text-foreground"
    >
      <Clock className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden="true" />
      <div className="space-y-1">
        <p className="font-semibold">Your account is waiting for an administrator's approval.</p>
        <p className="text-sm text-muted-foreground">
          Meanwhile you can browse the gallery and edit your profile. Publishing chatbots opens once an administrator
          approves your account.
        </p>
      </div>
    </div>
  );
}
