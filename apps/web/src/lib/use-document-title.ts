import { pageTitle } from "@gallery/schema/page-title";
import { useEffect } from "react";

/**
 * Keeps document.title right on client-side navigation, in the form the server writes into the served
 * head (`{page} — Chatbot Gallery`); leaving the page puts the site's name back.
 */
export function useDocumentTitle(page: string | undefined) {
  useEffect(() => {
    document.title = pageTitle(page);
    return () => {
      document.title = pageTitle();
    };
  }, [page]);
}
