import { toast } from "@gallery/ui";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toastError } from "../../lib/unauthorized";
import { adminKeys } from "./admin-api";

interface Messages<R> {
  /** Success toast title (spec section 8, word for word). */
  success: string | ((result: R) => string);
  /** Failure toast description; a 401 shows the logged-out flow instead. */
  failure: string;
  failureTitle?: string;
}

/** An admin mutation: toasts its outcome and refetches every admin list and the stats. */
export function useAdminAction<V, R>(action: (variables: V) => Promise<R>, messages: Messages<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: (result) => {
      toast.success(typeof messages.success === "function" ? messages.success(result) : messages.success);
    },
    onError: (error) => toastError(error, messages.failure, messages.failureTitle),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
