import { Button } from "@gallery/ui";
import { Link } from "@tanstack/react-router";
import { Compass } from "lucide-react";
import { useDocumentTitle } from "../lib/use-document-title";

/** Any unknown path (spec section 2): 404 page titled 'Page Not Found'. */
export function NotFoundPage() {
  useDocumentTitle("Page Not Found");
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-24 text-center">
      <p className="text-gradient text-7xl font-extrabold tracking-tight" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-bold tracking-tight">Page Not Found</h1>
      <p className="text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      <Button asChild>
        <Link to="/">
          <Compass aria-hidden="true" />
          Back to Browse
        </Link>
      </Button>
    </div>
  );
}
