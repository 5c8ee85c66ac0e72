import { cn } from "@gallery/ui";
import { Link } from "@tanstack/react-router";
import { Compass, LayoutDashboard, Shield } from "lucide-react";
import { useAuth } from "../../auth/use-auth";

interface NavLinksProps {
  /** Called after a link is followed (the drawer closes itself with it). */
  onNavigate?: () => void;
  /** "row" for the bar on large screens, "column" for the drawer. */
  layout?: "row" | "column";
}

/** A nav link's look: in the bar, or a 44 px row of the drawer. */
export const navLinkClass = (layout: NonNullable<NavLinksProps["layout"]>) =>
  cn(
    "inline-flex items-center gap-2 rounded-md text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
    layout === "row" ? "h-9 px-3" : "h-11 px-3 text-base [&_svg]:size-5",
  );

/** Browse always; Dashboard when signed in; Admin for moderators (`user.isAdmin`, the server's word; spec section 2). */
export function NavLinks({ onNavigate, layout = "row" }: NavLinksProps) {
  const { isAuthenticated, user } = useAuth();
  const linkClass = navLinkClass(layout);
  const activeProps = { className: "bg-accent !text-accent-foreground", "aria-current": "page" as const };
  const icon = (Icon: typeof Compass) => (layout === "column" ? <Icon aria-hidden="true" /> : null);
  return (
    <>
      <Link
        to="/"
        className={linkClass}
        activeProps={activeProps}
        activeOptions={{ exact: true, includeSearch: false }}
        onClick={onNavigate}
      >
        {icon(Compass)}
        Browse
      </Link>
      {isAuthenticated && (
        <Link to="/dashboard" className={linkClass} activeProps={activeProps} onClick={onNavigate}>
          {icon(LayoutDashboard)}
          Dashboard
        </Link>
      )}
      {isAuthenticated && user?.isAdmin && (
        <Link to="/admin" className={linkClass} activeProps={activeProps} onClick={onNavigate}>
          {icon(Shield)}
          Admin
        </Link>
      )}
    </>
  );
}
