import type { User } from "@gallery/schema/types";
import { toast } from "@gallery/ui";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toastError } from "../../lib/unauthorized";
import { refreshProfile } from "./profile-api";

interface Options<T> {
  userId: string;
  save: (value: T) => Promise<User>;
  /** Success toast of spec section 8, e.g. 'Nickname updated successfully!'. */
  success: string;
  /** The failure message (a 401 shows the unauthorized flow instead). */
  failure: (error: unknown) => string;
  onSaved?: () => void;
}

/** One profile save: toasts of spec section 8, then GET /api/auth/user and /api/users/{id} are refetched. */
export function useProfileSave<T>({ userId, save, success, failure, onSaved }: Options<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: async () => {
      toast.success(success);
      await refreshProfile(queryClient, userId);
      onSaved?.();
    },
    onError: (error) => toastError(error, failure(error)),
  });
}
