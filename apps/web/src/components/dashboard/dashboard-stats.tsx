import type { Chatbot } from "@gallery/schema/types";
import { BookOpen, Bot, Layers, Users } from "lucide-react";
import { StatCard, StatCards } from "../chatbots/stat-card";
import { dashboardStats } from "./dashboard-filters";

interface Props {
  chatbots: Chatbot[] | undefined;
  /** The member's chatbots could not be read (their list says so): the counts show a dash. */
  failed: boolean;
  followers?: number;
}

/** My Chatbots, Series Created, Platforms Used, with the member's follower count when given. */
export function DashboardStats({ chatbots, failed, followers }: Props) {
  const stats = chatbots
    ? dashboardStats(chatbots)
    : failed
      ? { chatbots: null, series: null, platforms: null }
      : undefined;
  return (
    <StatCards columns={followers === undefined ? 3 : 4}>
      <StatCard icon={Bot} label="My Chatbots" value={stats?.chatbots} />
      <StatCard icon={BookOpen} label="Series Created" value={stats?.series} />
      <StatCard icon={Layers} label="Platforms Used" value={stats?.platforms} />
      {followers !== undefined && <StatCard icon={Users} label="Followers" value={followers} />}
    </StatCards>
  );
}
