import { verificationDenyInputSchema } from "@gallery/schema";
import { Button, FieldError, FormDialog, Label, Textarea } from "@gallery/ui";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Check, X } from "lucide-react";
import { useState } from "react";
import { serverMessage } from "../../lib/errors";
import { useTRPC } from "../../lib/trpc";
import { useToastMutation } from "../../lib/use-toast-mutation";
import { AdminCard, AdminItemList, NEXT_PAGE } from "./admin-list";
import { formatDate } from "./display";
import { useModerationFilters } from "./use-moderation-filters";

/** A decision that needs a reason the creator will read: deny a request, or withdraw a mark. */
type Pending = { kind: "deny"; id: string; name: string } | { kind: "withdraw"; id: string; name: string };

const DIALOG = {
  deny: { title: "Deny verification", confirm: "Deny", pending: "Denying..." },
  withdraw: { title: "Withdraw verified mark", confirm: "Withdraw", pending: "Withdrawing..." },
};

/**
 * Verified creators (issue 23, item 6) in the moderation queue: pending requests with the creator's text,
 * links and listings count, to check by hand on the platforms and approve or deny with a reason; and the
 * verified creators, whose mark can be withdrawn with a reason.
 */
export function VerificationRequests() {
  const trpc = useTRPC();
  const invalidate = [trpc.verification.pathFilter(), ...useModerationFilters()];
  const pending = useInfiniteQuery(trpc.verification.pending.infiniteQueryOptions({}, NEXT_PAGE));
  const verified = useInfiniteQuery(trpc.verification.verified.infiniteQueryOptions({}, NEXT_PAGE));
  const [asking, setAsking] = useState<Pending | null>(null);

  const approve = useToastMutation(trpc.verification.approve.mutationOptions(), {
    success: "Creator verified",
    failure: (failed) => serverMessage(failed) ?? "Failed to approve the request",
    invalidate,
  });
  const close = { onSettled: () => setAsking(null) };
  const deny = useToastMutation(trpc.verification.deny.mutationOptions(close), {
    success: "Verification denied",
    failure: (failed) => serverMessage(failed) ?? "Failed to deny the request",
    invalidate,
  });
  const withdraw = useToastMutation(trpc.verification.withdraw.mutationOptions(close), {
    success: "Verified mark withdrawn",
    failure: (failed) => serverMessage(failed) ?? "Failed to withdraw the mark",
    invalidate,
  });
  const busy = approve.isPending || deny.isPending || withdraw.isPending;

  return (
    <>
      <AdminCard title="Verification Requests" className="space-y-6">
        <p className="text-sm text-muted-foreground">
          Check by hand that the links show this creator runs the bots (nothing is checked automatically).
        </p>
        <AdminItemList
          query={pending}
          what="The verification requests"
          empty="No verification requests."
          emptyClassName="py-4 text-center text-muted-foreground"
          label="Verification requests"
          item={(request) => (
            <li key={request.id} className="space-y-2 py-3" aria-label={request.creator.name}>
              <p className="text-sm">
                <span className="font-medium">{request.creator.name}</span>{" "}
                <span className="text-muted-foreground">
                  · {request.creator.listingCount} {request.creator.listingCount === 1 ? "listing" : "listings"}
                  {" · "}
                  {formatDate(request.createdAt)}
                </span>
              </p>
              <p className="whitespace-pre-wrap break-words text-sm">{request.text}</p>
              <ul className="space-y-0.5 text-sm">
                {request.links.map((link) => (
                  <li key={link} className="break-all">
                    <a
                      href={link}
                      target="_blank"
                      rel="noopener noreferrer nofollow"
                      className="text-primary underline"
                    >
                      {link}
                    </a>
                  </li>
                ))}
              </ul>
              <div className="flex gap-1">
                <Button size="sm" onClick={() => approve.mutate({ id: request.id })} disabled={busy}>
                  <Check className="size-3.5" aria-hidden />
                  Approve
                </Button>
                <Button
                  size="sm"
                  variant="destructive"
                  onClick={() => setAsking({ kind: "deny", id: request.id, name: request.creator.name })}
                  disabled={busy}
                >
                  <X className="size-3.5" aria-hidden />
                  Deny
                </Button>
              </div>
            </li>
          )}
        />
        <div className="space-y-2">
          <h3 className="text-base font-semibold">Verified creators</h3>
          <AdminItemList
            query={verified}
            what="The verified creators"
            empty="No verified creators yet."
            loadingHeight="h-12"
            emptyClassName="text-sm text-muted-foreground"
            label="Verified creators"
            item={(creator) => (
              <li
                key={creator.id}
                className="flex items-center justify-between gap-2 py-2 text-sm"
                aria-label={creator.name}
              >
                <span>
                  <span className="font-medium">{creator.name}</span>{" "}
                  <span className="text-muted-foreground">since {formatDate(creator.verifiedAt)}</span>
                </span>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => setAsking({ kind: "withdraw", id: creator.id, name: creator.name })}
                  disabled={busy}
                >
                  Withdraw
                </Button>
              </li>
            )}
          />
        </div>
      </AdminCard>
      <ReasonDialog
        key={asking ? `${asking.kind}-${asking.id}` : "closed"}
        asking={asking}
        pending={deny.isPending || withdraw.isPending}
        onClose={() => setAsking(null)}
        onConfirm={(reason) => {
          if (asking?.kind === "deny") deny.mutate({ id: asking.id, reason });
          if (asking?.kind === "withdraw") withdraw.mutate({ userId: asking.id, reason });
        }}
      />
    </>
  );
}

/** Asks for the reason the creator will read on their dashboard. */
function ReasonDialog(props: {
  asking: Pending | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) {
  const { asking, pending, onClose, onConfirm } = props;
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const texts = asking ? DIALOG[asking.kind] : DIALOG.deny;
  const submit = () => {
    const parsed = verificationDenyInputSchema.shape.reason.safeParse(reason);
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (parsed.success) onConfirm(parsed.data);
  };
  return (
    <FormDialog
      open={asking !== null}
      onOpenChange={(open) => !open && onClose()}
      title={texts.title}
      description={<>{asking?.name} will see this reason on their dashboard.</>}
      onSubmit={submit}
      submitLabel={texts.confirm}
      pendingLabel={texts.pending}
      submitVariant="destructive"
      pending={pending}
      cancel={false}
      noValidate
    >
      <div className="space-y-2">
        <Label htmlFor="verification-reason">Reason</Label>
        <Textarea
          id="verification-reason"
          rows={3}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          disabled={pending}
        />
        <FieldError message={error} />
      </div>
    </FormDialog>
  );
}
