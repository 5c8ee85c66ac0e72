import type { Chatbot } from "@gallery/schema/types";
import { BookOpen, Bot, Layers } from "lucide-react";
import { StatCard, StatCards } from "../chatbots/stat-card";
import { dashboardStats } from "./dashboard-filters";

/** My Chatbots, Series Created, Platforms Used. */
export function DashboardStats({ chatbots }: { chatbots: Chatbot[] | undefined }) {
  const stats = chatbots ? dashboardStats(chatbots) : undefined;
  return (
    <StatCards columns={3}>
      <StatCard icon={Bot} label="My Chatbots" value={stats?.chatbots} />
      <StatCard icon={BookOpen} label="Series Created" value={stats?.series} />
      <StatCard icon={Layers} label="Platforms Used" value={stats?.platforms} />
    </StatCards>
  );
}
