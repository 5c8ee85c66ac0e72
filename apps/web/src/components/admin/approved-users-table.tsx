import type { AdminUser } from "@gallery/schema";
import { Badge } from "@gallery/ui";
import { useInfiniteQuery } from "@tanstack/react-query";
import { ShieldCheck, ShieldOff, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTRPC } from "../../lib/trpc";
import { AdminDeleteDialog, AdminList, NEXT_PAGE, RowAction, UserCell } from "./admin-list";
import { formatDate, QUIET_DESTRUCTIVE, roleOf, userName } from "./display";
import { useAdminAction } from "./use-moderation-filters";

const ROLE_BADGE = { "Super Admin": "default", Admin: "secondary", User: "outline" } as const;

/** Approved Users: each row offers exactly the actions the server says the viewer may take (`user.actions`). */
export function ApprovedUsersTable() {
  const trpc = useTRPC();
  const query = useInfiniteQuery(trpc.admin.approvedUsers.infiniteQueryOptions({}, NEXT_PAGE));
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const remove = useAdminAction(trpc.admin.deleteUser.mutationOptions(), {
    success: "User deleted successfully",
    failure: "Failed to delete user",
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
          { label: "User", cell: (user) => <UserCell user={user} /> },
          { label: "Email", cell: (user) => user.email },
          {
            label: "Role",
            cell: (user) => <Badge variant={ROLE_BADGE[roleOf(user)]}>{roleOf(user)}</Badge>,
          },
          { label: "Joined", cell: (user) => formatDate(user.createdAt) },
          {
            label: "Actions",
            cell: (user) => (
              <div className="flex flex-wrap gap-1">
                {user.actions.makeAdmin && (
                  <RowAction
                    icon={ShieldCheck}
                    onClick={() => grant.mutate({ id: user.id })}
                    disabled={grant.isPending}
                  >
                    Make Admin
                  </RowAction>
                )}
                {user.actions.removeAdmin && (
                  <RowAction
                    icon={ShieldOff}
                    onClick={() => revoke.mutate({ id: user.id })}
                    disabled={revoke.isPending}
                  >
                    Remove Admin
                  </RowAction>
                )}
                {user.actions.delete && (
                  <RowAction
                    icon={Trash2}
                    className={QUIET_DESTRUCTIVE}
                    onClick={() => setDeleting(user)}
                    aria-label={`Delete ${userName(user)}`}
                  >
                    Delete
                  </RowAction>
                )}
              </div>
            ),
          },
        ]}
      />
      <AdminDeleteDialog
        row={deleting}
        onClose={() => setDeleting(null)}
        title="Delete User"
        description={`Are you sure you want to delete ${deleting ? userName(deleting) : ""}? All their chatbots and data will be deleted too. This action cannot be undone.`}
        action={remove}
      />
    </>
  );
}
