import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@gallery/ui";
import { BrandMark } from "./brand";
import { NavLinks } from "./nav-links";

interface MobileNavProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Small screens: the nav links in a drawer sliding out from the left (loaded on first open). */
export function MobileNav({ open, onOpenChange }: MobileNavProps) {
  const close = () => onOpenChange(false);
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
      </SheetContent>
    </Sheet>
  );
}
