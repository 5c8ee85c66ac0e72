import { type AdminChatbot, platformsOf, type User } from "@gallery/schema";
import { creatorDisplayName } from "@gallery/schema/display";

/** Platform column: each platform with a url or cid, else "Other". */
export function platformColumn(chatbot: AdminChatbot): string[] {
  const platforms = platformsOf(chatbot, "link");
  return platforms.length > 0 ? platforms : ["Other"];
}

export function roleOf(user: User): "Super Admin" | "Admin" | "User" {
  if (user.isSuperAdmin) return "Super Admin";
  return user.isAdmin ? "Admin" : "User";
}

export const userName = (user: User) => creatorDisplayName(user);

export const formatDate = (iso: string) => new Date(iso).toLocaleDateString();
