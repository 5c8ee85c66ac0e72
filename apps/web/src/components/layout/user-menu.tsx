import { creatorDisplayName } from "@gallery/schema/display";
import type { User } from "@gallery/schema/types";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@gallery/ui";
import { Link } from "@tanstack/react-router";
import { Heart, LayoutDashboard, LogOut, Shield } from "lucide-react";
import { NavAvatar } from "./nav-avatar";

export interface UserMenuProps {
  user: User;
  onSignOut: () => void;
}

/** The signed-in avatar menu: Dashboard, 'Admin Panel' (admins only), 'Sign Out' (spec section 2). */
export function UserMenu({ user, onSignOut }: UserMenuProps) {
  const name = creatorDisplayName(user);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label="Account menu"
        className="cursor-pointer rounded-full ring-offset-2 ring-offset-background transition-shadow hover:ring-2 hover:ring-primary/30 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <NavAvatar user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel className="flex flex-col gap-0.5">
          <span className="truncate">{name}</span>
          {/* Without a name the display name is the e-mail already: shown once. */}
          {user.email && user.email !== name && (
            <span className="truncate text-xs font-normal text-muted-foreground">{user.email}</span>
          )}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/dashboard">
            <LayoutDashboard aria-hidden="true" />
            Dashboard
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/saved">
            <Heart aria-hidden="true" />
            Saved
          </Link>
        </DropdownMenuItem>
        {user.isAdmin && (
          <DropdownMenuItem asChild>
            <Link to="/admin">
              <Shield aria-hidden="true" />
              Admin Panel
            </Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onSignOut}>
          <LogOut aria-hidden="true" />
          Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
