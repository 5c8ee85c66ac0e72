import {
  type MyVerification,
  VERIFICATION_LINKS_MAX,
  VERIFICATION_TEXT_MAX,
  verificationRequestInputSchema,
} from "@gallery/schema";
import { VERIFICATION_TEXTS } from "@gallery/schema/verification-texts";
import { Button, Card, CardContent, CardHeader, CardTitle, FieldError, TextAreaField } from "@gallery/ui";
import { useQuery } from "@tanstack/react-query";
import { BadgeCheck } from "lucide-react";
import { type FormEvent, useState } from "react";
import { serverMessage } from "../../lib/errors";
import { useTRPC } from "../../lib/trpc";
import { useToastMutation } from "../../lib/use-toast-mutation";
import { QueryContent } from "../common/load-failed";

/** Where a creator's verification stands, in their words (tested word for word). */
function statusLine({ isVerified, request }: MyVerification): string | null {
  if (isVerified) return "You are a verified creator: the mark shows next to your name on your listings and profile.";
  switch (request?.status) {
    case "pending":
      return "Your request is waiting for a moderator.";
    case "denied":
      return `Your request was denied: ${request.reason}`;
    case "withdrawn":
      return `Your verified mark was withdrawn: ${request.reason}`;
    default:
      return null;
  }
}

const linesOf = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * "Get verified" (issue 23, item 6): a creator asks, with a short text and links, to carry the verified mark; a
 * moderator checks the links by hand. Shows the latest request's status (pending, approved, denied or withdrawn
 * with the moderator's reason), and the form again whenever they may ask.
 */
export function GetVerifiedCard() {
  const trpc = useTRPC();
  const mine = useQuery(trpc.verification.mine.queryOptions());
  const [text, setText] = useState("");
  const [links, setLinks] = useState("");
  const [error, setError] = useState<string | undefined>();
  const send = useToastMutation(trpc.verification.request.mutationOptions(), {
    success: "Verification request sent",
    failure: (failed) => serverMessage(failed) ?? "Failed to send your verification request",
    invalidate: [trpc.verification.pathFilter()],
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = verificationRequestInputSchema.safeParse({ text, links: linesOf(links) });
    setError(input.success ? undefined : input.error.issues[0]?.message);
    if (input.success)
      send.mutate(input.data, {
        onSuccess: () => {
          setText("");
          setLinks("");
        },
      });
  };

  const status = mine.data && statusLine(mine.data);
  const mayAsk = mine.data && !mine.data.isVerified && mine.data.request?.status !== "pending";
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <BadgeCheck className="size-5 text-sky-600 dark:text-sky-400" aria-hidden />
          Get verified
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm text-muted-foreground">{VERIFICATION_TEXTS.invitation}</p>
        <QueryContent query={mine} what="Your verification">
          {status && (
            <p role="status" className="text-sm font-medium" data-testid="verification-status">
              {status}
            </p>
          )}
          {mayAsk && (
            <form onSubmit={submit} noValidate className="space-y-4" aria-label="Get verified">
              <TextAreaField
                id="verification-text"
                label="Which bots are yours?"
                className="space-y-2"
                rows={3}
                maxLength={VERIFICATION_TEXT_MAX}
                value={text}
                onChange={(event) => setText(event.target.value)}
                disabled={send.isPending}
              />
              <TextAreaField
                id="verification-links"
                label={`Links (one per line, up to ${VERIFICATION_LINKS_MAX})`}
                className="space-y-2"
                rows={3}
                placeholder="https://polybuzz.ai/…"
                value={links}
                onChange={(event) => setLinks(event.target.value)}
                disabled={send.isPending}
              />
              <FieldError message={error} />
              <Button type="submit" disabled={send.isPending}>
                {send.isPending ? "Sending..." : "Ask to be verified"}
              </Button>
            </form>
          )}
        </QueryContent>
      </CardContent>
    </Card>
  );
}
