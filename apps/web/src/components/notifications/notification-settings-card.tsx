import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  NOTIFICATION_TEXTS,
  type NotificationKindName,
} from "@gallery/schema/notifications-texts";
import { Card, CardContent, CardHeader, CardTitle, cn, Skeleton } from "@gallery/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Bell } from "lucide-react";
import { useId } from "react";
import { serverMessage } from "../../lib/errors";
import { useTRPC } from "../../lib/trpc";
import { toastError } from "../../lib/unauthorized";
import { LoadFailed, retryOf } from "../common/load-failed";

function KindSwitch({
  kind,
  on,
  pending,
  onChange,
}: {
  kind: NotificationKindName;
  on: boolean;
  pending: boolean;
  onChange: (on: boolean) => void;
}) {
  const id = useId();
  return (
    <li className="flex items-center justify-between gap-4 py-2">
      <label htmlFor={id} className="text-sm">
        {NOTIFICATION_KIND_LABELS[kind]}
      </label>
      <span className="relative inline-flex shrink-0">
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={on}
          aria-checked={on}
          disabled={pending}
          onChange={(event) => onChange(event.target.checked)}
          className="peer absolute inset-0 z-10 size-full cursor-pointer appearance-none rounded-full focus-visible:outline-none disabled:cursor-wait"
        />
        <span
          aria-hidden="true"
          className={cn(
            "h-6 w-11 rounded-full border-2 border-transparent transition-colors peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 peer-focus-visible:ring-offset-background",
            on ? "bg-primary" : "bg-input",
          )}
        >
          <span
            className={cn(
              "block size-5 rounded-full bg-background shadow transition-transform",
              on ? "translate-x-5" : "translate-x-0",
            )}
          />
        </span>
      </span>
    </li>
  );
}

/**
 * The dashboard's "Notifications" card (issue 38 §3): a switch per kind, each saved as it is turned (the server's
 * answer is what the switches then show), and the line that none is sent by e-mail.
 */
export function NotificationSettingsCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settingsKey = trpc.notifications.settings.queryKey();
  const settings = useQuery(trpc.notifications.settings.queryOptions());
  const titleId = useId();
  const update = useMutation(
    trpc.notifications.updateSettings.mutationOptions({
      onSuccess: (answer) => queryClient.setQueryData(settingsKey, answer),
      onError: (error) => {
        toastError(error, serverMessage(error) ?? NOTIFICATION_TEXTS.settingsFailed);
        void queryClient.invalidateQueries({ queryKey: settingsKey });
      },
    }),
  );
  return (
    <Card role="region" aria-labelledby={titleId} data-testid="notification-settings">
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <Bell className="size-5" aria-hidden />
          {NOTIFICATION_TEXTS.title}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="max-w-prose text-sm text-muted-foreground">{NOTIFICATION_TEXTS.settingsHelp}</p>
        {settings.isPending ? (
          <Skeleton className="h-64" />
        ) : settings.isError ? (
          <LoadFailed title={NOTIFICATION_TEXTS.settingsLoadFailed} error={settings.error} {...retryOf(settings)} />
        ) : (
          <ul className="divide-y divide-border">
            {NOTIFICATION_KINDS.map((kind) => (
              <KindSwitch
                key={kind}
                kind={kind}
                on={settings.data[kind]}
                pending={update.isPending && update.variables?.[kind] !== undefined}
                onChange={(on) => update.mutate({ [kind]: on })}
              />
            ))}
          </ul>
        )}
        <p className="text-sm text-muted-foreground">{NOTIFICATION_TEXTS.noEmail}</p>
      </CardContent>
    </Card>
  );
}
