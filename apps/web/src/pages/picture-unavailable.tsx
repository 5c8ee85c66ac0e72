import { Button } from "@gallery/ui";
import { ImageOff } from "lucide-react";
import { useAuth } from "../auth/use-auth";
import { PageMessage } from "../components/common/page-message";
import { LOGIN_URL } from "../lib/login-url";
import { useDocumentTitle } from "../lib/use-document-title";

/**
 * /images/... shown by the app: a stored picture opened on its own (a new tab) that the server refused, because
 * it is gone (404) or is for members (401). A picture that is there is sent as the picture, never this page.
 */
export function PictureUnavailablePage() {
  const { isAuthenticated, isLoading } = useAuth();
  useDocumentTitle("Picture not available");
  return (
    <PageMessage
      title="Picture not available"
      message={
        isAuthenticated
          ? "This picture was removed or replaced."
          : "This picture was removed, or it is shown to signed-in members only."
      }
      lead={<ImageOff className="size-10 text-muted-foreground" aria-hidden="true" />}
      action={
        !isLoading &&
        !isAuthenticated && (
          <Button asChild>
            <a href={LOGIN_URL}>Sign In</a>
          </Button>
        )
      }
    />
  );
}
