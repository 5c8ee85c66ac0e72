import type { AdminChatbot, User } from "@gallery/schema";
import { creatorDisplayName } from "@gallery/schema/display";

/** Platform column: each platform with a url or cid, else "Other". */
export function platformsOf(chatbot: AdminChatbot): string[] {
  const platforms: string[] = [];
  if (chatbot.polybuzzUrl || chatbot.polybuzzCid) platforms.push("polybuzz");
  if (chatbot.roleplayaUrl || chatbot.roleplayaCid) platforms.push("roleplaya");
  return platforms.length > 0 ? platforms : ["Other"];
}

export function roleOf(user: User): "Super Admin" | "Admin" | "User" {
  if (user.isSuperAdmin) return "Super Admin";
  return user.isAdmin ? "Admin" : "User";
}

export const userName = (user: User) => creatorDisplayName(user);

export const formatDate = (iso: string) => new Date(iso).toLocaleDateString();
