import type { QueryFilters, UseMutationOptions } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc";
import { useToastMutation } from "../../lib/use-toast-mutation";

/** What a review write changes: the listing's reviews, the caller's state, and the listing's score. */
export function useReviewInvalidation(chatbotId: string): QueryFilters[] {
  const trpc = useTRPC();
  return [
    { queryKey: trpc.reviews.list.pathKey() },
    { queryKey: trpc.reviews.mine.queryKey({ chatbotId }) },
    { queryKey: trpc.chatbots.byId.pathKey() },
  ];
}

/**
 * A review or reply write (post, edit, delete): its toast in the schema's words (`success`), a refusal as the server
 * words it, and what it changes read again.
 */
export function useReviewWrite<TData, TError extends { message: string }, TVariables, TContext>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
  chatbotId: string,
  success: string,
) {
  const invalidate = useReviewInvalidation(chatbotId);
  return useToastMutation(options, { success, failure: (error) => error.message, invalidate });
}
