import type { Chatbot } from "@gallery/schema/types";
import { BookOpen, Bot, Layers, Users } from "lucide-react";
import { StatCard } from "../chatbots/stat-card";
import { dashboardStats } from "./dashboard-filters";

/** My Chatbots, Series Created, Platforms Used. */
/** With the member's follower count when given. */
export function DashboardStats({ chatbots, followers }: { chatbots: Chatbot[] | undefined; followers?: number }) {
  const stats = chatbots ? dashboardStats(chatbots) : undefined;
  return (
    <div className={followers === undefined ? "grid gap-4 sm:grid-cols-3" : "grid gap-4 sm:grid-cols-2 lg:grid-cols-4"}>
      <StatCard icon={Bot} label="My Chatbots" value={stats?.chatbots} />
      <StatCard icon={BookOpen} label="Series Created" value={stats?.series} />
      <StatCard icon={Layers} label="Platforms Used" value={stats?.platforms} />
      {followers !== undefined && <StatCard icon={Users} label="Followers" value={followers} />}
    </div>
  );
}
