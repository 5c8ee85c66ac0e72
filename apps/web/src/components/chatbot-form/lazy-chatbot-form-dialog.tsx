import { lazy } from "react";
import { OnceOpened } from "../common/once-opened";
import type { ChatbotFormDialogProps } from "./chatbot-form-dialog";

// The form (react-hook-form, zod, the shared schemas) is its own chunk, fetched on first opening.
const load = () => import("./chatbot-form-dialog");
const ChatbotFormDialog = lazy(() => load().then((module) => ({ default: module.ChatbotFormDialog })));

/** Starts fetching the dialog's code early (e.g. when the pointer reaches an 'Add' button). */
export const preloadChatbotForm = () => void load();

/** The create/edit dialog, loaded on demand: nothing is fetched until it is first opened. */
export function LazyChatbotFormDialog(props: ChatbotFormDialogProps) {
  return (
    <OnceOpened open={props.open}>
      <ChatbotFormDialog {...props} />
    </OnceOpened>
  );
}
