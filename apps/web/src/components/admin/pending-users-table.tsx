import { Button } from "@gallery/ui";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Check, X } from "lucide-react";
import { useTRPC } from "../../lib/trpc";
import { useToastMutation } from "../../lib/use-toast-mutation";
import { AdminList, NEXT_PAGE, UserCell } from "./admin-list";
import { formatDate, QUIET_DESTRUCTIVE } from "./display";
import { useModerationFilters } from "./use-moderation-filters";

/** Pending User Registrations: approve or reject (reject deletes the user), as `user.actions` allows. */
export function PendingUsersTable() {
  const trpc = useTRPC();
  const invalidate = useModerationFilters();
  const query = useInfiniteQuery(trpc.admin.pendingUsers.infiniteQueryOptions({}, NEXT_PAGE));
  const approve = useToastMutation(trpc.admin.approveUser.mutationOptions(), {
    success: "User approved successfully",
    failure: "Failed to approve user",
    invalidate,
  });
  const reject = useToastMutation(trpc.admin.rejectUser.mutationOptions(), {
    success: "User rejected successfully",
    failure: "Failed to reject user",
    invalidate,
  });
  const busy = approve.isPending || reject.isPending;

  return (
    <AdminList
      title="Pending User Registrations"
      query={query}
      what="The pending users"
      empty="All caught up!"
      columns={[
        { label: "User", cell: (user) => <UserCell user={user} /> },
        { label: "Email", cell: (user) => user.email },
        { label: "Registered", cell: (user) => formatDate(user.createdAt) },
        {
          label: "Actions",
          cell: (user) => (
            <div className="flex gap-1">
              {user.actions.approve && (
                <Button size="sm" onClick={() => approve.mutate({ id: user.id })} disabled={busy}>
                  <Check className="h-3.5 w-3.5" aria-hidden />
                  Approve
                </Button>
              )}
              {user.actions.reject && (
                <Button
                  size="sm"
                  variant="outline"
                  className={QUIET_DESTRUCTIVE}
                  onClick={() => reject.mutate({ id: user.id })}
                  disabled={busy}
                >
                  <X className="h-3.5 w-3.5" aria-hidden />
                  Reject
                </Button>
              )}
            </div>
          ),
        },
      ]}
    />
  );
}
