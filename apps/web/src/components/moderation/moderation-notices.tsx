import type { Decision } from "@gallery/schema";
import { APPEAL_MESSAGE_MAX, APPEAL_MESSAGES, DECISION_TEXTS } from "@gallery/schema/report-texts";
import { Button, CountedTextarea } from "@gallery/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ShieldAlert } from "lucide-react";
import { useId, useState } from "react";
import { useAuth } from "../../auth/use-auth";
import { failureReason } from "../../lib/errors";
import { withoutReload } from "../../lib/form";
import { useTRPC } from "../../lib/trpc";

/** What moderators decided about the signed-in member's account and listings (one personal read). */
function useNotices() {
  const trpc = useTRPC();
  const { isAuthenticated } = useAuth();
  return useQuery({ ...trpc.moderation.notices.queryOptions(), enabled: isAuthenticated });
}

/**
 * "Ask for a review": once per decision, with a message to the moderators if the creator wants (up to 500
 * characters, shown beside the decision in their queue); afterwards it says the review was asked for.
 */
function AppealButton({ decision }: { decision: Decision }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [writing, setWriting] = useState(false);
  const [message, setMessage] = useState("");
  const id = useId();
  const appeal = useMutation(
    trpc.moderation.appeal.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(trpc.moderation.notices.queryFilter()),
    }),
  );
  if (decision.appealedAt || appeal.isSuccess) {
    return (
      <p className="text-sm text-muted-foreground">
        {appeal.data?.message ?? "You asked for a review of this decision."}
      </p>
    );
  }
  if (!decision.canAppeal) return null;
  if (!writing) {
    return (
      <Button size="sm" variant="outline" onClick={() => setWriting(true)}>
        Ask for a review
      </Button>
    );
  }
  return (
    <form
      className="space-y-2"
      onSubmit={withoutReload(() => appeal.mutate({ decisionId: decision.id, message: message.trim() || undefined }))}
    >
      <CountedTextarea
        id={id}
        label={APPEAL_MESSAGES.messageLabel}
        rows={3}
        maxLength={APPEAL_MESSAGE_MAX}
        value={message}
        onValueChange={setMessage}
        countAlign="start"
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={appeal.isPending}>
          {appeal.isPending ? "Sending..." : "Send request for review"}
        </Button>
        <Button type="button" size="sm" variant="outline" disabled={appeal.isPending} onClick={() => setWriting(false)}>
          Cancel
        </Button>
      </div>
      {appeal.isError && (
        <p role="alert" className="text-sm text-destructive">
          {failureReason(appeal.error)}
        </p>
      )}
    </form>
  );
}

/** What the state of a listing means to its creator, in words. */
function stateText(state: { hidden: boolean; reviewPending: boolean; ownerSuspended: boolean }): string | null {
  if (state.hidden) return "Hidden: only you and moderators can see this listing.";
  if (state.reviewPending)
    return "Hidden pending review: only you and moderators can see this listing until a moderator reviews it.";
  if (state.ownerSuspended) return "Not public while your account is suspended.";
  return null;
}

/** A listing's moderation notice for its creator (dashboard rows, the listing page); nothing when there is none. */
export function ListingNotice({ chatbotId }: { chatbotId: string }) {
  const notices = useNotices();
  const notice = notices.data?.listings.find((entry) => entry.chatbotId === chatbotId);
  if (!notice) return null;
  const state = stateText(notice.state);
  const { decision } = notice;
  return (
    <div
      role="note"
      className="space-y-1 rounded-md border border-amber-500/40 bg-amber-500/10 p-2 text-sm"
      data-testid="listing-notice"
    >
      {state && <p className="font-medium">{state}</p>}
      {decision && (
        <p>
          {DECISION_TEXTS[decision.kind]}
          {decision.reason ? `: ${decision.reason}` : ""}
        </p>
      )}
      {decision && <AppealButton decision={decision} />}
    </div>
  );
}

/** On every page a suspended account can still open: that it is suspended, why, and the one review it may ask for. */
export function SuspensionBanner() {
  const notices = useNotices();
  const suspension = notices.data?.suspension;
  if (!suspension) return null;
  return (
    <div
      role="alert"
      className="mb-6 flex gap-3 rounded-lg border border-destructive/50 bg-destructive/10 p-4"
      data-testid="suspension-banner"
    >
      <ShieldAlert className="size-5 shrink-0 text-destructive" aria-hidden />
      <div className="space-y-2 text-sm">
        <p className="font-semibold">
          {DECISION_TEXTS.suspended}
          {suspension.reason ? `: ${suspension.reason}` : ""}
        </p>
        <p>
          Your profile and listings are not public and you cannot publish or change listings until a moderator lifts it.
        </p>
        {suspension.decision && <AppealButton decision={suspension.decision} />}
      </div>
    </div>
  );
}
