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
import { Heart, LayoutDashboard, LogOut, type LucideIcon, Shield } from "lucide-react";
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
        <MenuLink to="/dashboard" icon={LayoutDashboard}>
          Dashboard
        </MenuLink>
        <MenuLink to="/saved" icon={Heart}>
          Saved
        </MenuLink>
        {user.isAdmin && (
          <MenuLink to="/admin" icon={Shield}>
            Admin Panel
          </MenuLink>
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

/** One of the menu's pages: its icon and name, followed as a link. */
function MenuLink({
  to,
  icon: Icon,
  children,
}: {
  to: "/dashboard" | "/saved" | "/admin";
  icon: LucideIcon;
  children: string;
}) {
  return (
    <DropdownMenuItem asChild>
      <Link to={to}>
        <Icon aria-hidden="true" />
        {children}
      </Link>
    </DropdownMenuItem>
  );
}
