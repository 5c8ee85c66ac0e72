import { PageMessage } from "../components/common/page-message";
import { useDocumentTitle } from "../lib/use-document-title";

/** Any unknown path (spec section 2): 404 page titled 'Page Not Found'. */
export function NotFoundPage() {
  useDocumentTitle("Page Not Found");
  return (
    <PageMessage
      title="Page Not Found"
      message="The page you are looking for does not exist or has moved."
      lead={
        <p className="text-gradient text-7xl font-extrabold tracking-tight" aria-hidden="true">
          404
        </p>
      }
    />
  );
}
