import type { Chatbot } from "@gallery/schema/types";
import { ConfirmDialog } from "@gallery/ui";
import { useDeleteChatbot } from "../chatbot-form/use-save-chatbot";

interface Props {
  chatbot: Chatbot | null;
  onClose: () => void;
}

/** 'Delete Chatbot' confirmation; it stays open (and cannot be dismissed) while the delete runs. */
export function DeleteChatbotDialog({ chatbot, onClose }: Props) {
  const remove = useDeleteChatbot();
  return (
    <ConfirmDialog
      open={chatbot !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Delete Chatbot"
      description={`Are you sure you want to delete "${chatbot?.title ?? ""}"? This action cannot be undone.`}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      pending={remove.isPending}
      onConfirm={() => chatbot && remove.mutate({ id: chatbot.id }, { onSuccess: onClose })}
    />
  );
}
