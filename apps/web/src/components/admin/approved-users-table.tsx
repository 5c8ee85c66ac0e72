import type { AdminUser } from "@gallery/schema";
import { creatorInitials } from "@gallery/schema/display";
import {
  Avatar,
  Badge,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  ConfirmDialog,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@gallery/ui";
import { useInfiniteQuery } from "@tanstack/react-query";
import { ShieldCheck, ShieldOff, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTRPC } from "../../lib/trpc";
import { useToastMutation } from "../../lib/use-toast-mutation";
import { QueryContent } from "../common/load-failed";
import { formatDate, QUIET_DESTRUCTIVE, roleOf, userName } from "./display";
import { LoadMoreRows } from "./load-more-rows";
import { useModerationFilters } from "./use-moderation-filters";

const ROLE_BADGE = { "Super Admin": "default", Admin: "secondary", User: "outline" } as const;

/** Approved Users: each row offers exactly the actions the server says the viewer may take (`user.actions`). */
export function ApprovedUsersTable() {
  const trpc = useTRPC();
  const invalidate = useModerationFilters();
  const query = useInfiniteQuery(
    trpc.admin.approvedUsers.infiniteQueryOptions({}, { getNextPageParam: (page) => page.nextCursor ?? undefined }),
  );
  const users = query.data?.pages.flatMap((page) => page.items);
  const isLoading = query.isLoading;
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const remove = useToastMutation(trpc.admin.deleteUser.mutationOptions(), {
    success: "User deleted successfully",
    failure: "Failed to delete user",
    invalidate,
  });
  const grant = useToastMutation(trpc.admin.makeAdmin.mutationOptions(), {
    success: "User granted admin access successfully",
    failure: "Failed to grant admin access",
    invalidate,
  });
  const revoke = useToastMutation(trpc.admin.removeAdmin.mutationOptions(), {
    success: "User admin access removed successfully",
    failure: "Failed to remove admin access",
    invalidate,
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Approved Users</CardTitle>
      </CardHeader>
      <CardContent>
        <QueryContent query={query} what="The approved users">
          {isLoading ? (
            <Skeleton className="h-24 w-full" />
          ) : !users?.length ? (
            <p className="py-8 text-center text-muted-foreground">No approved users yet</p>
          ) : (
            <Table aria-label="Approved Users" stackOnPhone>
              <TableHeader>
                <TableRow>
                  <TableHead>User</TableHead>
                  <TableHead>Email</TableHead>
                  <TableHead>Role</TableHead>
                  <TableHead>Joined</TableHead>
                  <TableHead>Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {users.map((user) => {
                  const role = roleOf(user);
                  return (
                    <TableRow key={user.id}>
                      <TableCell label="User">
                        <div className="flex items-center gap-2">
                          <Avatar src={user.avatarUrl ?? user.profileImageUrl} fallback={creatorInitials(user)} />
                          <span className="font-medium">{userName(user)}</span>
                        </div>
                      </TableCell>
                      <TableCell label="Email">{user.email}</TableCell>
                      <TableCell label="Role">
                        <Badge variant={ROLE_BADGE[role]}>{role}</Badge>
                      </TableCell>
                      <TableCell label="Joined">{formatDate(user.createdAt)}</TableCell>
                      <TableCell label="Actions">
                        <div className="flex flex-wrap gap-1">
                          {user.actions.makeAdmin && (
                            <Button
                              size="sm"
                              variant="outline"
                              onClick={() => grant.mutate({ id: user.id })}
                              disabled={grant.isPending}
                            >
                              <ShieldCheck className="h-3.5 w-3.5" aria-hidden />
                              Make Admin
                            </Button>
                          )}
                          {user.actions.removeAdmin && (
                            <Button
                              size="sm"
                              variant="outline"
                              onClick={() => revoke.mutate({ id: user.id })}
                              disabled={revoke.isPending}
                            >
                              <ShieldOff className="h-3.5 w-3.5" aria-hidden />
                              Remove Admin
                            </Button>
                          )}
                          {user.actions.delete && (
                            <Button
                              size="sm"
                              variant="outline"
                              className={QUIET_DESTRUCTIVE}
                              onClick={() => setDeleting(user)}
                              aria-label={`Delete ${userName(user)}`}
                            >
                              <Trash2 className="h-3.5 w-3.5" aria-hidden />
                              Delete
                            </Button>
                          )}
                        </div>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          )}
          <LoadMoreRows query={query} />
        </QueryContent>
      </CardContent>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete User"
        description={`Are you sure you want to delete ${deleting ? userName(deleting) : ""}? All their chatbots and data will be deleted too. This action cannot be undone.`}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id }, { onSettled: () => setDeleting(null) })}
      />
    </Card>
  );
}
