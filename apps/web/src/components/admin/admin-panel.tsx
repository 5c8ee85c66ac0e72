import { Badge } from "@gallery/ui";
import { useAuth } from "../../auth/use-auth";
import { type AdminSection, AdminSectionNav } from "./admin-section-nav";
import { ApprovedUsersTable } from "./approved-users-table";
import { AuditLog } from "./audit-log";
import { ChatbotsTable } from "./chatbots-table";
import { MigrationTools } from "./migration-tools";
import { ModerationQueue } from "./moderation-queue";
import { PendingUsersTable } from "./pending-users-table";
import { StatCards } from "./stat-cards";
import { VerificationRequests } from "./verification-requests";

/** The work queue first: reports, pending users, then users, then every listing (the longest table) last. */
const SECTIONS: Array<AdminSection & { Table: () => React.ReactNode }> = [
  { id: "queue", label: "Queue", Table: ModerationQueue },
  { id: "verification", label: "Verification", Table: VerificationRequests },
  { id: "pending", label: "Pending", Table: PendingUsersTable },
  { id: "users", label: "Users", Table: ApprovedUsersTable },
  { id: "chatbots", label: "Chatbots", Table: ChatbotsTable },
];

export function AdminPanel() {
  const { user } = useAuth();
  const isSuperAdmin = Boolean(user?.isSuperAdmin);
  return (
    <div className="space-y-6 py-8">
      <div className="flex items-center gap-3">
        <h1 className="text-3xl font-bold">Admin Panel</h1>
        {isSuperAdmin && <Badge>Super Admin</Badge>}
      </div>
      <StatCards />
      {isSuperAdmin && <MigrationTools />}
      <AdminSectionNav sections={isSuperAdmin ? [...SECTIONS, { id: "audit", label: "Audit log" }] : SECTIONS} />
      {SECTIONS.map(({ id, Table }) => (
        <section key={id} id={id} className="scroll-mt-24">
          <Table />
        </section>
      ))}
      {isSuperAdmin && (
        <section id="audit" className="scroll-mt-24">
          <AuditLog />
        </section>
      )}
    </div>
  );
}
