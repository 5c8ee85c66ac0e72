import type { Chatbot } from "@gallery/schema/types";
import type { UseMutationOptions } from "@tanstack/react-query";
import { isForbidden } from "../../lib/errors";
import { useTRPC } from "../../lib/trpc";
import { useToastMutation } from "../../lib/use-toast-mutation";

export type ChatbotFormVariant = "owner" | "admin";

/**
 * An owner's refused write (403, e.g. an account still waiting for approval) shows the server's reason;
 * any other failure the spec's text.
 */
const refusedOr = (text: string) => (error: unknown) =>
  (isForbidden(error) && error instanceof Error && error.message) || text;

/**
 * Every view that shows listings: gallery, own list, series, profiles (chatbots.*), the admin panel, its queue
 * and audit log (a moderator's edit is an entry), and a creator's notices.
 */
export function useListingFilters() {
  const trpc = useTRPC();
  return [trpc.chatbots.pathFilter(), trpc.admin.pathFilter(), trpc.moderation.pathFilter(), trpc.audit.pathFilter()];
}

/**
 * Saves the chatbot form (FormData): an owner creates (no id) or updates their listing; an admin
 * updates any listing. Toasts of spec section 8; every listing view is refreshed.
 */
export function useSaveChatbot(variant: ChatbotFormVariant, editing: boolean) {
  const trpc = useTRPC();
  // Three procedures with one input (the form's FormData) and one answer (the listing).
  const options = (
    variant === "admin"
      ? trpc.admin.updateChatbot.mutationOptions()
      : editing
        ? trpc.chatbots.update.mutationOptions()
        : trpc.chatbots.create.mutationOptions()
  ) as UseMutationOptions<Chatbot, unknown, FormData>;
  return useToastMutation(options, {
    success:
      variant === "admin"
        ? "Chatbot updated successfully"
        : editing
          ? "Chatbot updated successfully!"
          : "Chatbot created successfully!",
    failure:
      variant === "admin"
        ? "Failed to update chatbot"
        : refusedOr(
            editing ? "Failed to update chatbot. Please try again." : "Failed to create chatbot. Please try again.",
          ),
    invalidate: useListingFilters(),
  });
}

/** Deletes one of the user's listings (`chatbots.delete`). */
export function useDeleteChatbot() {
  const trpc = useTRPC();
  return useToastMutation(trpc.chatbots.delete.mutationOptions(), {
    success: "Chatbot deleted successfully!",
    failure: refusedOr("Failed to delete chatbot. Please try again."),
    invalidate: useListingFilters(),
  });
}
