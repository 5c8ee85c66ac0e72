import { AGE_MESSAGES } from "@gallery/schema/age-texts";
import { Button, TextField } from "@gallery/ui";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { failureReason } from "../../lib/errors";
import { withoutReload } from "../../lib/form";
import { useTRPC } from "../../lib/trpc";

/**
 * The age question: a date of birth, kept privately by the server. Under 18 turns mature content off for the
 * account; 18 or older shows it as the member's settings say. Every list is read again after the answer: at once,
 * or when the caller says (`onAnswered`'s `refreshLists`: the age dialog lives in a card an under-18 answer takes
 * out of the list, so it refreshes the lists once the member has read what changed).
 */
export function AgeQuestion({
  onAnswered,
}: {
  onAnswered?: (adult: boolean, refreshLists: () => Promise<void>) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const [date, setDate] = useState("");
  const answer = useMutation(
    trpc.settings.confirmAge.mutationOptions({
      onSuccess: async (settings) => {
        const refreshLists = () => queryClient.invalidateQueries(trpc.chatbots.pathFilter());
        await queryClient.invalidateQueries(trpc.settings.pathFilter());
        if (onAnswered) onAnswered(settings.ageCheck === "adult", refreshLists);
        else await refreshLists();
      },
    }),
  );
  return (
    <form
      className="space-y-3"
      aria-label="Age question"
      onSubmit={withoutReload(() => {
        if (date) answer.mutate({ dateOfBirth: date });
      })}
    >
      <p className="text-sm text-muted-foreground">{AGE_MESSAGES.why}</p>
      <TextField
        id={id}
        label="Date of birth"
        className="space-y-1"
        type="date"
        required
        value={date}
        onChange={(event) => setDate(event.target.value)}
      />
      {answer.isError && (
        <p role="alert" className="text-sm text-destructive">
          {failureReason(answer.error)}
        </p>
      )}
      <Button type="submit" disabled={!date || answer.isPending}>
        {answer.isPending ? "Saving..." : "Confirm"}
      </Button>
    </form>
  );
}
