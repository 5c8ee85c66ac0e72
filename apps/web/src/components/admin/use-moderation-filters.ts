import { useTRPC } from "../../lib/trpc";

/**
 * What an admin action may change, to refresh afterwards: the admin lists and stats, and the
 * listings and profiles other pages hold (a deleted user takes their listings along; a new
 * image or role shows in the gallery too), the queue and the audit log.
 */
export function useModerationFilters() {
  const trpc = useTRPC();
  return [
    trpc.admin.pathFilter(),
    trpc.chatbots.pathFilter(),
    trpc.users.pathFilter(),
    // Every moderator action is a new audit entry, and may open or close queue items.
    trpc.audit.pathFilter(),
    trpc.moderation.pathFilter(),
  ];
}
