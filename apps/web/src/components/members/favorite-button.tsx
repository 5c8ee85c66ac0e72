import type { FavoriteState } from "@gallery/schema";
import { cn } from "@gallery/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Heart } from "lucide-react";
import { useState } from "react";
import { useAuth } from "../../auth/use-auth";
import { useTRPC, useTRPCClient } from "../../lib/trpc";
import { SignInPromptWhenOpen } from "./lazy-sign-in-prompt";

interface Props {
  chatbot: { id: string; title: string; favoriteCount: number };
  /** On a card's picture (compact) or on the listing page. */
  variant?: "card" | "page";
  className?: string;
}

/**
 * The heart: save or remove a listing, with its favourite count. The count comes with the (shared)
 * listing; whether the caller saved it is a personal read (`favorites.status`), one per listing,
 * batched by the tRPC link with the rest of the page's. Visitors get the sign-in prompt.
 */
export function FavoriteButton({ chatbot, variant = "card", className }: Props) {
  const { isAuthenticated, isLoading: sessionLoading } = useAuth();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [prompt, setPrompt] = useState(false);
  const statusOptions = trpc.favorites.status.queryOptions({ chatbotIds: [chatbot.id] });
  const status = useQuery({ ...statusOptions, enabled: isAuthenticated });
  // The answer of the last click, until the listing itself is read again with another count.
  const [answer, setAnswer] = useState<{ state: FavoriteState; basis: number } | null>(null);
  const current = answer && answer.basis === chatbot.favoriteCount ? answer.state : null;
  const saved = isAuthenticated && (current?.saved ?? status.data?.savedIds.includes(chatbot.id) ?? false);
  const count = current?.favoriteCount ?? chatbot.favoriteCount;

  const mutation = useMutation({
    mutationFn: (save: boolean) =>
      save
        ? client.favorites.save.mutate({ chatbotId: chatbot.id })
        : client.favorites.remove.mutate({ chatbotId: chatbot.id }),
    onSuccess: (state) => {
      setAnswer({ state, basis: chatbot.favoriteCount });
      queryClient.setQueryData(statusOptions.queryKey, { savedIds: state.saved ? [chatbot.id] : [] });
      void queryClient.invalidateQueries(trpc.favorites.list.pathFilter());
      void queryClient.invalidateQueries(trpc.chatbots.pathFilter());
      void queryClient.invalidateQueries(trpc.follows.feed.pathFilter());
    },
    // The error toasts load with the first failure: the heart is on every card of the gallery's first download.
    onError: (error) =>
      void import("../../lib/unauthorized").then(({ toastError }) =>
        toastError(error, "This chatbot could not be saved. Please try again."),
      ),
  });

  const onClick = () => {
    if (!isAuthenticated) {
      setPrompt(true);
      return;
    }
    mutation.mutate(!saved);
  };

  return (
    <>
      <button
        type="button"
        onClick={onClick}
        // Until the session is known a click could not tell a member from a visitor.
        disabled={mutation.isPending || sessionLoading}
        aria-pressed={saved}
        title={saved ? "Saved" : "Save"}
        data-testid="favorite-button"
        className={cn(
          "inline-flex cursor-pointer items-center gap-1.5 rounded-full font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-70",
          variant === "card"
            ? "bg-background/90 px-2.5 py-1 text-xs shadow hover:bg-background"
            : "border px-3 py-1.5 text-sm hover:bg-accent",
          className,
        )}
      >
        <Heart
          aria-hidden
          className={cn(variant === "card" ? "size-3.5" : "size-4", saved && "fill-rose-500 text-rose-500")}
        />
        {/* Named by its content, which includes the visible count: "Save Luna, 3 saves". */}
        <span className="sr-only">{`Save ${chatbot.title}, ${count} ${count === 1 ? "save" : "saves"}`}</span>
        <span aria-hidden data-testid="favorite-count">
          {count}
        </span>
      </button>
      <SignInPromptWhenOpen open={prompt} title="Sign in to save chatbots" onOpenChange={setPrompt} />
    </>
  );
}
