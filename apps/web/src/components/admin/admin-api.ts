import type { AdminChatbot, AdminStats, ImageMigrationResult, ImageRepairResult, User } from "@gallery/schema";
import { apiRequest, getJson } from "../../lib/api";

/** Spec section 7, Admin. Every admin query key starts with "admin", so one invalidation refreshes the panel. */
export const adminKeys = {
  all: ["admin"] as const,
  stats: ["admin", "stats"] as const,
  pendingUsers: ["admin", "pending-users"] as const,
  approvedUsers: ["admin", "approved-users"] as const,
  chatbots: ["admin", "chatbots"] as const,
};

export const fetchStats = () => getJson<AdminStats>("/api/admin/stats") as Promise<AdminStats>;
export const fetchPendingUsers = () => getJson<User[]>("/api/admin/pending-users") as Promise<User[]>;
export const fetchApprovedUsers = () => getJson<User[]>("/api/admin/approved-users") as Promise<User[]>;

/** One page of listings; the next page's URL comes in the Link header (rel="next"). */
export async function fetchChatbotsPage(url: string): Promise<{ items: AdminChatbot[]; next: string | null }> {
  const response = await fetch(url, { credentials: "include" });
  if (!response.ok) throw new Error(`${response.status}: ${(await response.text()) || response.statusText}`);
  const next = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get("Link") ?? "")?.[1] ?? null;
  return { items: (await response.json()) as AdminChatbot[], next };
}
export const FIRST_CHATBOTS_PAGE = "/api/admin/chatbots";

export const approveUser = (id: string) => apiRequest<User>("POST", `/api/admin/approve-user/${id}`);
export const rejectUser = (id: string) => apiRequest("DELETE", `/api/admin/reject-user/${id}`);
export const deleteUser = (id: string) => apiRequest("DELETE", `/api/admin/users/${id}`);
export const makeAdmin = (id: string) => apiRequest<User>("POST", `/api/admin/users/${id}/make-admin`);
export const removeAdmin = (id: string) => apiRequest<User>("POST", `/api/admin/users/${id}/remove-admin`);
export const updateChatbot = (id: string, form: FormData) =>
  apiRequest<AdminChatbot>("PUT", `/api/admin/chatbots/${id}`, form);
export const deleteChatbot = (id: string) => apiRequest("DELETE", `/api/admin/chatbots/${id}`);
export const migrateImages = () => apiRequest<ImageMigrationResult>("POST", "/api/admin/migrate-images");
export const repairImages = () => apiRequest<ImageRepairResult>("POST", "/api/admin/repair-images");
