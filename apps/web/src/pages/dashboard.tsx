import type { Chatbot } from "@gallery/schema/types";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useCallback, useState } from "react";
import { useAuth } from "../auth/use-auth";
import { LazyChatbotFormDialog } from "../components/chatbot-form/lazy-chatbot-form-dialog";
import { myChatbotsQuery } from "../components/chatbots/chatbot-queries";
import { MemberQueryContent } from "../components/common/load-failed";
import { ApiTokensCard } from "../components/dashboard/api-tokens-card";
import { DashboardStats } from "../components/dashboard/dashboard-stats";
import { DeleteChatbotDialog } from "../components/dashboard/delete-chatbot-dialog";
import { GetVerifiedCard } from "../components/dashboard/get-verified-card";
import { MyChatbots } from "../components/dashboard/my-chatbots";
import { PendingBanner } from "../components/dashboard/pending-banner";
import { SessionsCard } from "../components/dashboard/sessions-card";
import { useProvideCreateAction } from "../components/layout/create-action";
import { NotificationSettingsCard } from "../components/notifications/notification-settings-card";
import { ProfileWidgets } from "../components/profile/profile-widgets";
import { useTRPC } from "../lib/trpc";
import { useDocumentTitle } from "../lib/use-document-title";

type FormState = { open: boolean; chatbot: Chatbot | null };

// The charts load with the dashboard only, after its first paint.
const Performance = lazy(() =>
  import("../components/dashboard/performance").then((module) => ({ default: module.Performance })),
);

/** /dashboard: the signed-in user's own listings and profile (the router sends visitors to /auth). */
export function DashboardPage() {
  const { user } = useAuth();
  const mine = useQuery(myChatbotsQuery());
  const stats = useQuery(useTRPC().chatbots.myStats.queryOptions());
  const [form, setForm] = useState<FormState>({ open: false, chatbot: null });
  const [deleting, setDeleting] = useState<Chatbot | null>(null);
  const openCreate = useCallback(() => setForm({ open: true, chatbot: null }), []);
  useProvideCreateAction(openCreate);
  useDocumentTitle("My Dashboard");

  return (
    <div className="space-y-8 py-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">My Dashboard</h1>
        <p className="mt-1 text-muted-foreground">Manage your chatbots and track performance</p>
      </header>
      {user && <PendingBanner user={user} />}
      {user && <ProfileWidgets user={user} />}
      {user?.isApproved && <GetVerifiedCard />}
      <DashboardStats chatbots={mine.data} failed={mine.isError} followers={user?.followerCount} />
      <Suspense fallback={null}>
        <Performance stats={stats} chatbots={mine.data} />
      </Suspense>
      <MemberQueryContent query={mine} what="Your chatbots">
        <MyChatbots
          chatbots={mine.data}
          isLoading={mine.isPending}
          onCreate={openCreate}
          onEdit={(chatbot) => setForm({ open: true, chatbot })}
          onDelete={setDeleting}
        />
      </MemberQueryContent>
      {user && <ApiTokensCard mayCreateAdmin={user.isAdmin} />}
      {user && <NotificationSettingsCard />}
      {user && <SessionsCard />}
      <LazyChatbotFormDialog
        open={form.open}
        chatbot={form.chatbot}
        onOpenChange={(open) => setForm((current) => ({ ...current, open }))}
      />
      <DeleteChatbotDialog chatbot={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
