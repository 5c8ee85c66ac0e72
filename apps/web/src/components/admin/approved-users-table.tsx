import type { AdminUser } from "@gallery/schema";
import { Badge } from "@gallery/ui";
import { useInfiniteQuery } from "@tanstack/react-query";
import { ShieldCheck, ShieldOff } from "lucide-react";
import { useTRPC } from "../../lib/trpc";
import { AdminList, actionsColumn, NEXT_PAGE, signedUpColumn, USER_COLUMNS, useRowDelete } from "./admin-list";
import { roleOf, userName } from "./display";
import { useAdminAction } from "./use-moderation-filters";

const ROLE_BADGE = { "Super Admin": "default", Admin: "secondary", User: "outline" } as const;

/** Approved Users: each row offers exactly the actions the server says the viewer may take (`user.actions`). */
export function ApprovedUsersTable() {
  const trpc = useTRPC();
  const query = useInfiniteQuery(trpc.admin.approvedUsers.infiniteQueryOptions({}, NEXT_PAGE));
  const remove = useRowDelete<AdminUser>({
    title: "Delete User",
    description: (user) =>
      `Are you sure you want to delete ${userName(user)}? All their chatbots and data will be deleted too. This action cannot be undone.`,
    mutation: useAdminAction(trpc.admin.deleteUser.mutationOptions(), {
      success: "User deleted successfully",
      failure: "Failed to delete user",
    }),
    ariaLabel: (user) => `Delete ${userName(user)}`,
    shown: (user) => user.actions.delete,
  });
  const grant = useAdminAction(trpc.admin.makeAdmin.mutationOptions(), {
    success: "User granted admin access successfully",
    failure: "Failed to grant admin access",
  });
  const revoke = useAdminAction(trpc.admin.removeAdmin.mutationOptions(), {
    success: "User admin access removed successfully",
    failure: "Failed to remove admin access",
  });

  return (
    <>
      <AdminList
        title="Approved Users"
        query={query}
        what="The approved users"
        empty="No approved users yet"
        columns={[
          ...USER_COLUMNS,
          {
            label: "Role",
            cell: (user) => <Badge variant={ROLE_BADGE[roleOf(user)]}>{roleOf(user)}</Badge>,
          },
          signedUpColumn("Joined"),
          actionsColumn<AdminUser>(
            [
              {
                label: "Make Admin",
                icon: ShieldCheck,
                shown: (user) => user.actions.makeAdmin,
                onClick: (user) => grant.mutate({ id: user.id }),
                disabled: grant.isPending,
              },
              {
                label: "Remove Admin",
                icon: ShieldOff,
                shown: (user) => user.actions.removeAdmin,
                onClick: (user) => revoke.mutate({ id: user.id }),
                disabled: revoke.isPending,
              },
              remove.action,
            ],
            { wrap: true },
          ),
        ]}
      />
      {remove.dialog}
    </>
  );
}
