import { type DialogOpenProps, Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@gallery/ui";
import { Link } from "@tanstack/react-router";
import { LogIn, UserPlus } from "lucide-react";
import { useAuth } from "../../auth/use-auth";
import { BrandMark } from "./brand";
import { NavLinks, navLinkClass } from "./nav-links";
import { ThemeToggle } from "./theme-toggle";

/**
 * Small screens: the nav links in a drawer sliding out from the left (loaded on first open), with what a
 * phone's bar has no room for: a visitor's Sign In and Create Account, and the theme.
 */
export function MobileNav({ open, onOpenChange }: DialogOpenProps) {
  const { isAuthenticated, isLoading } = useAuth();
  const close = () => onOpenChange(false);
  const linkClass = navLinkClass("column");
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="left" id="mobile-nav">
        <SheetHeader>
          <SheetTitle className="flex items-center gap-2">
            <BrandMark />
            Menu
          </SheetTitle>
          <SheetDescription className="sr-only">Site navigation</SheetDescription>
        </SheetHeader>
        <nav aria-label="Main" className="flex flex-col gap-1">
          <NavLinks layout="column" onNavigate={close} />
        </nav>
        {!isLoading && !isAuthenticated && (
          <nav aria-label="Account" className="flex flex-col gap-1 border-t pt-4">
            <Link to="/auth" className={linkClass} onClick={close}>
              <LogIn aria-hidden="true" />
              Sign In
            </Link>
            <Link to="/auth" className={linkClass} onClick={close}>
              <UserPlus aria-hidden="true" />
              Create Account
            </Link>
          </nav>
        )}
        <div className="border-t pt-4">
          <ThemeToggle layout="row" />
        </div>
      </SheetContent>
    </Sheet>
  );
}
