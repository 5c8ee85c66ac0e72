import { useInfiniteQuery } from "@tanstack/react-query";
import { Check, X } from "lucide-react";
import { useTRPC } from "../../lib/trpc";
import { AdminList, NEXT_PAGE, RowAction, UserCell } from "./admin-list";
import { formatDate, QUIET_DESTRUCTIVE } from "./display";
import { useAdminAction } from "./use-moderation-filters";

/** Pending User Registrations: approve or reject (reject deletes the user), as `user.actions` allows. */
export function PendingUsersTable() {
  const trpc = useTRPC();
  const query = useInfiniteQuery(trpc.admin.pendingUsers.infiniteQueryOptions({}, NEXT_PAGE));
  const approve = useAdminAction(trpc.admin.approveUser.mutationOptions(), {
    success: "User approved successfully",
    failure: "Failed to approve user",
  });
  const reject = useAdminAction(trpc.admin.rejectUser.mutationOptions(), {
    success: "User rejected successfully",
    failure: "Failed to reject user",
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
                <RowAction
                  icon={Check}
                  variant="default"
                  onClick={() => approve.mutate({ id: user.id })}
                  disabled={busy}
                >
                  Approve
                </RowAction>
              )}
              {user.actions.reject && (
                <RowAction
                  icon={X}
                  className={QUIET_DESTRUCTIVE}
                  onClick={() => reject.mutate({ id: user.id })}
                  disabled={busy}
                >
                  Reject
                </RowAction>
              )}
            </div>
          ),
        },
      ]}
    />
  );
}
