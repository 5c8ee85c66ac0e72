import type { UseMutationOptions } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc";
import { type ToastMessages, useToastMutation } from "../../lib/use-toast-mutation";

/**
 * One profile save (a `trpc.users.*.mutationOptions()`): toasts of spec section 8, then the session
 * user (`auth.user`) and the public profiles (`users.*`) are refetched before `onSuccess` runs.
 */
export function useProfileSave<TData, TError, TVariables, TContext>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
  messages: Omit<ToastMessages<TData, TError>, "invalidate">,
) {
  const trpc = useTRPC();
  return useToastMutation(options, {
    ...messages,
    // The creator shown on listings (nickname, avatar) changes too.
    invalidate: [trpc.auth.user.queryFilter(), trpc.users.pathFilter(), trpc.chatbots.pathFilter()],
  });
}
