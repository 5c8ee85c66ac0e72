import createClient from "openapi-fetch";
import { type Credentials, credentialHeaders, trimmedUrl } from "./credentials.js";
import type { paths } from "./generated/openapi.gen.js";
import { type ClientOptions, retryingFetch } from "./retry.js";

/**
 * A typed fetch client of the gallery's REST calls (`/api/...`, the OpenAPI document's paths), with an
 * API token or a session cookie: `rest.GET("/api/chatbots/{id}", { params: { path: { id } } })`. A 503 with
 * Retry-After is sent again (options.retry, retry.ts).
 */
export function createGalleryRestClient(credentials: Credentials, options: ClientOptions = {}) {
  return createClient<paths>({
    baseUrl: trimmedUrl(credentials.url),
    headers: credentialHeaders(credentials),
    fetch: retryingFetch(options.fetch ?? ((input, init) => globalThis.fetch(input, init)), options.retry),
  });
}

export type GalleryRestClient = ReturnType<typeof createGalleryRestClient>;
