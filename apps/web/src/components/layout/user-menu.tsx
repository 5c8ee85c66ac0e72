import type { User } from "@gallery/schema/types";
import {
  Avatar,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@gallery/ui";
import { Link } from "@tanstack/react-router";
import { LayoutDashboard, LogOut, Shield } from "lucide-react";

/** The avatar falls back to the first letter of firstName, then of email, then '?'. */
export function avatarLetter(user: Pick<User, "firstName" | "email"> | null): string {
  return (user?.firstName?.[0] ?? user?.email?.[0] ?? "?").toUpperCase();
}

export function UserMenu({ user, isAdmin, onSignOut }: { user: User; isAdmin: boolean; onSignOut: () => void }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label="Account menu"
        className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <Avatar src={user.avatarUrl ?? user.profileImageUrl} fallback={avatarLetter(user)} />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem asChild>
          <Link to="/dashboard">
            <LayoutDashboard className="h-4 w-4" /> Dashboard
          </Link>
        </DropdownMenuItem>
        {isAdmin && (
          <DropdownMenuItem asChild>
            <Link to="/admin">
              <Shield className="h-4 w-4" /> Admin Panel
            </Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onSignOut}>
          <LogOut className="h-4 w-4" /> Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
