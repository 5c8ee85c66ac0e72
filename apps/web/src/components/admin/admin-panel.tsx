import { Badge } from "@gallery/ui";
import { useAuth } from "../../auth/use-auth";
import { ApprovedUsersTable } from "./approved-users-table";
import { ChatbotsTable } from "./chatbots-table";
import { MigrationTools } from "./migration-tools";
import { PendingUsersTable } from "./pending-users-table";
import { StatCards } from "./stat-cards";

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
      <ChatbotsTable />
      <PendingUsersTable />
      <ApprovedUsersTable />
    </div>
  );
}
