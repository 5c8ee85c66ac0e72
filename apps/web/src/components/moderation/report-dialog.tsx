import {
  REPORT_DETAILS_MAX,
  REPORT_REASONS,
  type ReportReason,
  type ReportTargetKind,
} from "@gallery/schema/report-texts";
import {
  CountedTextarea,
  type DialogOpenProps,
  FormDialog,
  Label,
  RadioGroup,
  RadioGroupItem,
  TextField,
} from "@gallery/ui";
import { useMutation } from "@tanstack/react-query";
import { useId, useState } from "react";
import { failureReason } from "../../lib/errors";
import { useTRPC } from "../../lib/trpc";

export interface ReportTarget {
  kind: ReportTargetKind;
  id: string;
  /** The listing's title, the creator's name or the review's author's name, for the dialog's title. */
  name: string;
}

interface Props extends DialogOpenProps {
  target: ReportTarget;
}

/**
 * Report a listing or a profile (visitors and members): a reason, the original's link for a stolen one, an
 * optional text. The server's answer (what happens next) replaces the form; its refusals are shown as it words them.
 */
export default function ReportDialog({ target, open, onOpenChange }: Props) {
  const trpc = useTRPC();
  const ids = useId();
  const [reason, setReason] = useState<ReportReason | "">("");
  const [details, setDetails] = useState("");
  const [originalUrl, setOriginalUrl] = useState("");
  const report = useMutation(trpc.moderation.report.mutationOptions());
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      report.reset();
      setReason("");
      setDetails("");
      setOriginalUrl("");
    }
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title={
        target.kind === "listing"
          ? `Report "${target.name}"`
          : target.kind === "review"
            ? `Report the review by ${target.name}`
            : `Report ${target.name}'s profile`
      }
      description="Tell the moderators what is wrong. Your report is not shown to the creator."
      onSubmit={() => {
        if (!reason) return;
        report.mutate({
          targetKind: target.kind,
          targetId: target.id,
          reason,
          details: details.trim() || undefined,
          originalUrl: reason === "stolen" ? originalUrl.trim() : undefined,
        });
      }}
      submitLabel="Send report"
      pendingLabel="Sending..."
      pending={report.isPending}
      submitDisabled={!reason}
      error={report.isError && failureReason(report.error)}
      result={
        report.isSuccess && (
          <p role="status" className="text-sm">
            {report.data.message}
          </p>
        )
      }
    >
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-medium">Reason</legend>
        <RadioGroup
          value={reason}
          onValueChange={(value) => setReason(value as ReportReason)}
          required
          className="gap-1"
        >
          {/* Each reason's whole row is its tap target, at least 44 px tall (not the 16 px circle). */}
          {(Object.entries(REPORT_REASONS) as Array<[ReportReason, string]>).map(([key, label]) => (
            <Label
              key={key}
              htmlFor={`${ids}-${key}`}
              data-testid="report-reason"
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 py-2 font-normal hover:bg-accent/60 has-[[data-state=checked]]:bg-accent"
            >
              <RadioGroupItem value={key} id={`${ids}-${key}`} />
              {label}
            </Label>
          ))}
        </RadioGroup>
      </fieldset>
      {reason === "stolen" && (
        <TextField
          id={`${ids}-original`}
          label="Link to the original"
          className="space-y-1"
          type="url"
          required
          placeholder="https://"
          value={originalUrl}
          onChange={(event) => setOriginalUrl(event.target.value)}
        />
      )}
      <CountedTextarea
        id={`${ids}-details`}
        label="Details (optional)"
        rows={4}
        maxLength={REPORT_DETAILS_MAX}
        value={details}
        onValueChange={setDetails}
      />
    </FormDialog>
  );
}
