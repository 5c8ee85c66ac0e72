import { Button, Dialog, DialogContent, DialogTitle } from "@gallery/ui";
import { Link } from "@tanstack/react-router";
import { Menu, Plus, Search, Sparkles } from "lucide-react";
import { useState } from "react";
import { useAuth } from "../../auth/use-auth";
import { useCreateAction } from "./create-action";
import { NavSearch } from "./nav-search";
import { UserMenu } from "./user-menu";

function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { isAuthenticated, isAdmin } = useAuth();
  const linkClass =
    "rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground";
  const active = { className: "bg-muted text-foreground" };
  return (
    <>
      <Link
        to="/"
        className={linkClass}
        activeProps={active}
        activeOptions={{ exact: true, includeSearch: false }}
        onClick={onNavigate}
      >
        Browse
      </Link>
      {isAuthenticated && (
        <Link to="/dashboard" className={linkClass} activeProps={active} onClick={onNavigate}>
          Dashboard
        </Link>
      )}
      {isAdmin && (
        <Link to="/admin" className={linkClass} activeProps={active} onClick={onNavigate}>
          Admin
        </Link>
      )}
    </>
  );
}

export function NavBar() {
  const { user, isAuthenticated, isAdmin, signOut } = useAuth();
  const createAction = useCreateAction();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);

  return (
    <header className="sticky top-0 z-40 border-b bg-card/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4">
        <Button
          variant="ghost"
          size="icon"
          className="lg:hidden"
          aria-label="Open menu"
          onClick={() => setDrawerOpen(!drawerOpen)}
        >
          <Menu className="h-5 w-5" />
        </Button>
        <Link to="/" className="flex items-center gap-2 text-lg font-bold text-primary">
          <Sparkles className="h-5 w-5" /> Chatbot Gallery
        </Link>
        <nav aria-label="Main" className="ml-4 hidden items-center gap-1 lg:flex">
          <NavLinks />
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <NavSearch className="hidden w-64 lg:block" />
          <Button
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-label="Toggle search"
            onClick={() => setSearchOpen(!searchOpen)}
          >
            <Search className="h-5 w-5" />
          </Button>
          {isAuthenticated && createAction && (
            <Button onClick={createAction} aria-label="Add Chatbot">
              <Plus className="h-4 w-4" />
              <span className="hidden sm:inline">Add Chatbot</span>
            </Button>
          )}
          {isAuthenticated && user ? (
            <UserMenu user={user} isAdmin={isAdmin} onSignOut={() => void signOut()} />
          ) : (
            <>
              <Button variant="ghost" asChild>
                <Link to="/auth">Sign In</Link>
              </Button>
              <Button asChild>
                <Link to="/auth">
                  <span className="hidden sm:inline">Create Account</span>
                  <span className="sm:hidden">Join</span>
                </Link>
              </Button>
            </>
          )}
        </div>
      </div>
      {searchOpen && (
        <div className="border-t px-4 py-3 lg:hidden">
          <NavSearch onDone={() => setSearchOpen(false)} />
        </div>
      )}
      <Dialog open={drawerOpen} onOpenChange={setDrawerOpen}>
        <DialogContent side="left" aria-describedby={undefined}>
          <DialogTitle className="mb-4">Chatbot Gallery</DialogTitle>
          <nav aria-label="Mobile" className="flex flex-col gap-1">
            <NavLinks onNavigate={() => setDrawerOpen(false)} />
          </nav>
        </DialogContent>
      </Dialog>
    </header>
  );
}
