import { useMutation } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTRPC } from "../../lib/trpc";

/**
 * Counts one view of a listing page (chatbots.recordView; the server counts a visitor once a day and
 * ignores bots). The listing page calls this once it shows a listing.
 */
export function useRecordView(chatbotId: string | undefined) {
  const trpc = useTRPC();
  const { mutate } = useMutation(trpc.chatbots.recordView.mutationOptions());
  useEffect(() => {
    if (chatbotId) mutate({ id: chatbotId });
  }, [chatbotId, mutate]);
}
