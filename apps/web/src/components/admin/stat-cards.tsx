import { Card, CardContent, CardHeader, CardTitle, Skeleton } from "@gallery/ui";
import { useQuery } from "@tanstack/react-query";
import { Bot, Clock, Flag, UserCheck, Users } from "lucide-react";
import { useTRPC } from "../../lib/trpc";
import { QueryContent } from "../common/load-failed";

const CARDS = [
  { key: "pendingUsers", label: "Pending Users", Icon: Clock },
  { key: "approvedUsers", label: "Approved Users", Icon: UserCheck },
  { key: "totalChatbots", label: "Total Chatbots", Icon: Bot },
  { key: "totalUsers", label: "Total Users", Icon: Users },
  { key: "openReports", label: "Open Reports", Icon: Flag },
] as const;

export function StatCards() {
  const trpc = useTRPC();
  const stats = useQuery(trpc.admin.stats.queryOptions());
  const { data } = stats;
  return (
    <QueryContent query={stats} what="The statistics">
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-5">
        {CARDS.map(({ key, label, Icon }) => (
          <Card key={key} role="group" aria-label={label}>
            <CardHeader className="flex-row items-center justify-between pb-2">
              <CardTitle className="text-sm font-medium">{label}</CardTitle>
              <Icon className="h-4 w-4 text-muted-foreground" aria-hidden />
            </CardHeader>
            <CardContent>
              {data ? <p className="text-2xl font-bold">{data[key]}</p> : <Skeleton className="h-8 w-12" />}
            </CardContent>
          </Card>
        ))}
      </div>
    </QueryContent>
  );
}
