import { toast } from "@gallery/ui";
import { type QueryFilters, type UseMutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { toastError } from "./unauthorized";

export interface ToastMessages<TData, TError> {
  /** Success toast title (spec section 8, word for word). */
  success: string | ((data: TData) => string);
  /** Failure toast description; a 401 shows the logged-out flow instead. */
  failure: string | ((error: TError) => string);
  /** Failure toast title ('Error' unless given). */
  failureTitle?: string;
  /** What the mutation changes: these queries are refetched after it (tRPC path or query filters). */
  invalidate: QueryFilters[];
}

/**
 * The one mutation helper: a tRPC mutation (`trpc.x.y.mutationOptions()`) that toasts its outcome
 * and invalidates what it changes. The caller's own onSuccess runs after the toast and the refresh.
 */
export function useToastMutation<TData, TError, TVariables, TContext>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
  { success, failure, failureTitle, invalidate }: ToastMessages<TData, TError>,
) {
  const queryClient = useQueryClient();
  const refetch = () => Promise.all(invalidate.map((filters) => queryClient.invalidateQueries(filters)));
  return useMutation({
    ...options,
    // The views are refreshed before the caller's onSuccess runs (e.g. a dialog closes on fresh data).
    onSuccess: async (data, variables, onMutateResult, context) => {
      toast.success(typeof success === "function" ? success(data) : success);
      await refetch();
      return options.onSuccess?.(data, variables, onMutateResult, context);
    },
    // A failure may still mean something changed meanwhile (e.g. the listing is gone): refresh too.
    onError: (error, variables, onMutateResult, context) => {
      toastError(error, typeof failure === "function" ? failure(error) : failure, failureTitle);
      void refetch();
      return options.onError?.(error, variables, onMutateResult, context);
    },
  });
}
