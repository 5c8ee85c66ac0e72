import { createTRPCClient, httpBatchLink, httpLink, isNonJsonSerializable, splitLink } from "@trpc/client";
import { type Credentials, credentialHeaders, trimmedUrl } from "./credentials.js";
import type { AppRouter } from "./generated/app-router.gen.js";
import type { GalleryProcedures } from "./generated/procedures.gen.js";
import { type ClientOptions, retryingFetch } from "./retry.js";

/**
 * A typed tRPC client of the gallery at `url` (the site's address, e.g. https://gallery.example), with an
 * API token or a session cookie. As the web app sends them: FormData (uploads) one by one through httpLink,
 * everything else batched. A 503 with Retry-After is sent again (options.retry, retry.ts). `AppRouter`
 * (`@chatbot-gallery/client/router`) types a client made otherwise.
 */
export function createGalleryClient(credentials: Credentials, options: ClientOptions = {}): GalleryProcedures {
  const url = `${trimmedUrl(credentials.url)}/trpc`;
  const headers = () => credentialHeaders(credentials);
  const fetch = retryingFetch(options.fetch ?? ((input, init) => globalThis.fetch(input, init)), options.retry);
  // Typed with the standalone declarations, which tRPC's own inferred client must satisfy (checked here):
  // an outside project then type-checks without @trpc's declarations.
  const client: GalleryProcedures = createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => isNonJsonSerializable(op.input),
        true: httpLink({ url, headers, fetch }),
        false: httpBatchLink({ url, headers, fetch }),
      }),
    ],
  });
  return client;
}
