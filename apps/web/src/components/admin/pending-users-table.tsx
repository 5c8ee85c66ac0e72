import type { AdminUser } from "@gallery/schema";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Check, X } from "lucide-react";
import { useTRPC } from "../../lib/trpc";
import { AdminList, actionsColumn, NEXT_PAGE, signedUpColumn, USER_COLUMNS } from "./admin-list";
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
        ...USER_COLUMNS,
        signedUpColumn("Registered"),
        actionsColumn<AdminUser>([
          {
            label: "Approve",
            icon: Check,
            variant: "default",
            shown: (user) => user.actions.approve,
            onClick: (user) => approve.mutate({ id: user.id }),
            disabled: busy,
          },
          {
            label: "Reject",
            icon: X,
            destructive: true,
            shown: (user) => user.actions.reject,
            onClick: (user) => reject.mutate({ id: user.id }),
            disabled: busy,
          },
        ]),
      ]}
    />
  );
}
