import { SUSPENDED_PUBLISH_MESSAGE } from "@gallery/schema/report-texts";
import { Button, cn, Skeleton, toast } from "@gallery/ui";
import { useQuery } from "@tanstack/react-query";
import { Link, useRouterState } from "@tanstack/react-router";
import { Menu, Plus, Search, X } from "lucide-react";
import { lazy, Suspense, useContext, useId, useState } from "react";
import { DrawnForMember, wasSignedIn } from "../../auth/session-hint";
import { useAuth } from "../../auth/use-auth";
import { LARGE_SCREEN, useMediaQuery } from "../../hooks/use-media-query";
import { useTRPC } from "../../lib/trpc";
import { NotificationBell } from "../notifications/notification-bell";
import { Brand } from "./brand";
import { useCreateAction } from "./create-action";
import { NavAvatar } from "./nav-avatar";
import { NavLinks } from "./nav-links";
import { NavSearch } from "./nav-search";
import { usePageSearchGone } from "./page-search";
import { ThemeToggle } from "./theme-toggle";

// Loaded when first needed, to keep Radix menus and dialogs out of the first paint.
const MobileNav = lazy(() => import("./mobile-nav").then((module) => ({ default: module.MobileNav })));
const UserMenu = lazy(() => import("./user-menu").then((module) => ({ default: module.UserMenu })));

/**
 * 'Add Chatbot'; with a `refusal` (the server says this member may not publish) it stays in its place, shown
 * disabled, and says why: on hover, to assistive technology, and in a toast when pressed anyway.
 */
function AddChatbotButton({ onClick, refusal }: { onClick?: () => void; refusal?: string | null }) {
  const reasonId = useId();
  return (
    <>
      <Button
        onClick={refusal ? () => toast.info(refusal) : onClick}
        aria-label="Add Chatbot"
        aria-disabled={refusal ? true : undefined}
        aria-describedby={refusal ? reasonId : undefined}
        title={refusal ?? undefined}
        className={cn("max-sm:size-10 max-sm:px-0", refusal && "cursor-not-allowed opacity-50 hover:bg-primary")}
      >
        <Plus aria-hidden="true" />
        <span className="hidden sm:inline">Add Chatbot</span>
      </Button>
      {refusal && (
        <span id={reasonId} className="sr-only">
          {refusal}
        </span>
      )}
    </>
  );
}

/**
 * Why this member may not publish, or null: the server's word on their suspension (their moderation notices,
 * the read the suspension banner shows; one request for both).
 */
function usePublishRefusal(signedIn: boolean): string | null {
  const trpc = useTRPC();
  const notices = useQuery({ ...trpc.moderation.notices.queryOptions(), enabled: signedIn });
  return notices.data?.suspension ? SUSPENDED_PUBLISH_MESSAGE : null;
}

function SignInButtons() {
  return (
    <>
      <Button variant="ghost" size="sm" className="h-9 px-2.5 text-sm sm:px-4" asChild>
        <Link to="/auth">Sign In</Link>
      </Button>
      <Button size="sm" className="h-9 px-2.5 text-sm sm:px-4" asChild>
        <Link to="/auth">
          <span className="hidden sm:inline">Create Account</span>
          <span className="sm:hidden">Join</span>
        </Link>
      </Button>
    </>
  );
}

/**
 * While the session is unknown (the first moments of a page load): the boxes of what this browser
 * showed last time (Add Chatbot and the avatar, or the sign-in buttons), empty, so nothing moves and
 * nobody signed in sees 'Sign In' flash. Hidden from assistive technology and not focusable.
 */
function SessionPlaceholder({ withCreate }: { withCreate: boolean }) {
  const drawnForMember = useContext(DrawnForMember);
  const [member] = useState(() => drawnForMember ?? wasSignedIn());
  return (
    <div data-testid="session-placeholder" aria-hidden="true" inert className="contents">
      {member ? (
        <>
          {withCreate && (
            <div className="invisible contents">
              <AddChatbotButton />
            </div>
          )}
          {/* The bell's box (NotificationBell). */}
          <div className="size-10" />
          <Skeleton className="size-9 rounded-full" />
        </>
      ) : (
        <div className="invisible contents">
          <SignInButtons />
        </div>
      )}
    </div>
  );
}

/**
 * The top navigation bar of every page (spec section 2): brand, links (a left drawer on small
 * screens), search (inline on large screens, toggled on small ones), 'Add Chatbot' when signed in and
 * the page offers a create action, and either Sign In / Create Account or the avatar menu (a placeholder
 * of the same size while the session is unknown).
 */
export function NavBar() {
  const { user, isAuthenticated, isLoading, signOut } = useAuth();
  const createAction = useCreateAction();
  const publishRefusal = usePublishRefusal(isAuthenticated && Boolean(createAction));
  const large = useMediaQuery(LARGE_SCREEN);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  // The gallery's own search box in sight under the header: the header's stays behind its button meanwhile.
  const onGallery = useRouterState({ select: (state) => state.location.pathname === "/" });
  const pageSearchGone = usePageSearchGone();
  const inlineSearch = large && (!onGallery || pageSearchGone);

  const toggleDrawer = () => {
    setDrawerLoaded(true);
    setDrawerOpen((open) => !open);
  };

  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-background sm:bg-background/80 sm:backdrop-blur-lg sm:supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-[63px] w-full max-w-7xl items-center gap-1 px-2 sm:gap-2 sm:px-6 lg:px-8">
        {!large && (
          <Button
            variant="ghost"
            size="icon"
            className="-ml-1"
            aria-label={drawerOpen ? "Close menu" : "Open menu"}
            aria-expanded={drawerOpen}
            aria-controls="mobile-nav"
            onClick={toggleDrawer}
          >
            <Menu className="size-5" />
          </Button>
        )}
        <Brand />
        {large && (
          <nav aria-label="Main" className="ml-6 flex items-center gap-1">
            <NavLinks />
          </nav>
        )}

        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          {inlineSearch ? (
            <NavSearch className="w-72" />
          ) : (
            <Button
              variant="ghost"
              size="icon"
              aria-label={searchOpen ? "Close search" : "Open search"}
              aria-expanded={searchOpen}
              onClick={() => setSearchOpen((open) => !open)}
            >
              {searchOpen ? <X className="size-5" /> : <Search className="size-5" />}
            </Button>
          )}

          {/* On a phone the theme is in the drawer, so the brand keeps its whole name. */}
          <ThemeToggle className="max-sm:hidden" />

          {isLoading ? (
            <SessionPlaceholder withCreate={Boolean(createAction)} />
          ) : isAuthenticated && user ? (
            <>
              {createAction && <AddChatbotButton onClick={createAction} refusal={publishRefusal} />}
              <NotificationBell />
              <Suspense fallback={<NavAvatar user={user} />}>
                <UserMenu user={user} onSignOut={() => void signOut()} />
              </Suspense>
            </>
          ) : (
            <SignInButtons />
          )}
        </div>
      </div>

      {!inlineSearch && searchOpen && (
        <div className="border-t border-border/70 px-3 py-3 sm:px-6">
          <NavSearch autoFocus onDone={() => setSearchOpen(false)} />
        </div>
      )}

      {!large && drawerLoaded && (
        <Suspense fallback={null}>
          <MobileNav open={drawerOpen} onOpenChange={setDrawerOpen} />
        </Suspense>
      )}
    </header>
  );
}
