import { lazy, Suspense, useState } from "react";
import type { ChatbotFormDialogProps } from "./chatbot-form-dialog";

// The form (react-hook-form, zod, the shared schemas) is its own chunk, fetched on first opening.
const load = () => import("./chatbot-form-dialog");
const ChatbotFormDialog = lazy(() => load().then((module) => ({ default: module.ChatbotFormDialog })));

/** Starts fetching the dialog's code early (e.g. when the pointer reaches an 'Add' button). */
export const preloadChatbotForm = () => void load();

/** The create/edit dialog, loaded on demand: nothing is fetched until it is first opened. */
export function LazyChatbotFormDialog(props: ChatbotFormDialogProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ChatbotFormDialog {...props} />
    </Suspense>
  );
}
