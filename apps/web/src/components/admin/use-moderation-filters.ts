import type { UseMutationOptions } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc";
import { type ToastMessages, useToastMutation } from "../../lib/use-toast-mutation";

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

/** An admin action (a `trpc.*.mutationOptions()`): its toasts, then all it may change refreshed (useModerationFilters). */
export function useAdminAction<TData, TError, TVariables, TContext>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
  messages: Omit<ToastMessages<TData, TError>, "invalidate">,
) {
  return useToastMutation(options, { ...messages, invalidate: useModerationFilters() });
}
