import type { Chatbot } from "@gallery/schema/types";
import { toast } from "@gallery/ui";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api";
import { toastError } from "../../lib/unauthorized";
import { invalidateChatbotQueries } from "../chatbots/chatbot-queries";

/** Creates (no id) or updates a listing with the multipart REST call; toasts of spec section 8. */
export function useSaveChatbot(id: string | undefined, onSaved: () => void) {
  const queryClient = useQueryClient();
  const editing = Boolean(id);
  return useMutation({
    mutationFn: (form: FormData) =>
      editing
        ? apiRequest<Chatbot>("PUT", `/api/chatbots/${encodeURIComponent(id!)}`, form)
        : apiRequest<Chatbot>("POST", "/api/chatbots", form),
    onSuccess: () => {
      toast.success(editing ? "Chatbot updated successfully!" : "Chatbot created successfully!");
      onSaved();
    },
    // A 401 shows 'Unauthorized' and goes to the login endpoint instead.
    onError: (error) =>
      toastError(
        error,
        editing ? "Failed to update chatbot. Please try again." : "Failed to create chatbot. Please try again.",
      ),
    onSettled: () => invalidateChatbotQueries(queryClient),
  });
}

/** Deletes one of the user's listings (DELETE /api/chatbots/{id}). */
export function useDeleteChatbot(onDeleted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest("DELETE", `/api/chatbots/${encodeURIComponent(id)}`),
    onSuccess: () => {
      toast.success("Chatbot deleted successfully!");
      onDeleted();
    },
    onError: (error) => toastError(error, "Failed to delete chatbot. Please try again."),
    onSettled: () => invalidateChatbotQueries(queryClient),
  });
}
