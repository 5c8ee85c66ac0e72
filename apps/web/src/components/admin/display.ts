import { type AdminChatbot, PLATFORM_REGISTRY, platformsOf, type User } from "@gallery/schema";
import { creatorDisplayName } from "@gallery/schema/display";

/** Platform column: the name of each platform with a url or cid ('Polybuzz', as the filters write it), else "Other". */
export function platformColumn(chatbot: AdminChatbot): string[] {
  const platforms = platformsOf(chatbot, "link").map((platform) => PLATFORM_REGISTRY[platform].name);
  return platforms.length > 0 ? platforms : ["Other"];
}

/**
 * A row's destructive action (Delete, Reject) is quiet among many rows: an outline button, red only on hover
 * and focus; its confirmation (where it has one) is the red button.
 */
export const QUIET_DESTRUCTIVE =
  "hover:border-destructive hover:bg-destructive/10 hover:text-destructive focus-visible:text-destructive";

export function roleOf(user: User): "Super Admin" | "Admin" | "User" {
  if (user.isSuperAdmin) return "Super Admin";
  return user.isAdmin ? "Admin" : "User";
}

export const userName = (user: User) => creatorDisplayName(user);

export const formatDate = (iso: string) => new Date(iso).toLocaleDateString();
