import { creatorInitials } from "@gallery/schema/display";
import {
  Avatar,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@gallery/ui";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Check, X } from "lucide-react";
import { useTRPC } from "../../lib/trpc";
import { useToastMutation } from "../../lib/use-toast-mutation";
import { QueryContent } from "../common/load-failed";
import { formatDate, QUIET_DESTRUCTIVE, userName } from "./display";
import { LoadMoreRows } from "./load-more-rows";
import { useModerationFilters } from "./use-moderation-filters";

/** Pending User Registrations: approve or reject (reject deletes the user), as `user.actions` allows. */
export function PendingUsersTable() {
  const trpc = useTRPC();
  const invalidate = useModerationFilters();
  const query = useInfiniteQuery(
    trpc.admin.pendingUsers.infiniteQueryOptions({}, { getNextPageParam: (page) => page.nextCursor ?? undefined }),
  );
  const users = query.data?.pages.flatMap((page) => page.items);
  const isLoading = query.isLoading;
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
    <Card>
      <CardHeader>
        <CardTitle>Pending User Registrations</CardTitle>
      </CardHeader>
      <CardContent>
        <QueryContent query={query} what="The pending users">
          {isLoading ? (
            <Skeleton className="h-24 w-full" />
          ) : !users?.length ? (
            <p className="py-8 text-center text-muted-foreground">All caught up!</p>
          ) : (
            <Table aria-label="Pending User Registrations" stackOnPhone>
              <TableHeader>
                <TableRow>
                  <TableHead>User</TableHead>
                  <TableHead>Email</TableHead>
                  <TableHead>Registered</TableHead>
                  <TableHead>Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {users.map((user) => (
                  <TableRow key={user.id}>
                    <TableCell label="User">
                      <div className="flex items-center gap-2">
                        <Avatar src={user.avatarUrl ?? user.profileImageUrl} fallback={creatorInitials(user)} />
                        <span className="font-medium">{userName(user)}</span>
                      </div>
                    </TableCell>
                    <TableCell label="Email">{user.email}</TableCell>
                    <TableCell label="Registered">{formatDate(user.createdAt)}</TableCell>
                    <TableCell label="Actions">
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
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          <LoadMoreRows query={query} />
        </QueryContent>
      </CardContent>
    </Card>
  );
}
