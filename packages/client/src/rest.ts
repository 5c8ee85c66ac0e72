import createClient from "openapi-fetch";
import { type Credentials, credentialHeaders, trimmedUrl } from "./credentials.js";
import type { paths } from "./generated/openapi.gen.js";

/**
 * A typed fetch client of the gallery's REST calls (`/api/...`, the OpenAPI document's paths), with an
 * API token or a session cookie: `rest.GET("/api/chatbots/{id}", { params: { path: { id } } })`.
 */
export function createGalleryRestClient(credentials: Credentials) {
  return createClient<paths>({ baseUrl: trimmedUrl(credentials.url), headers: credentialHeaders(credentials) });
}

export type GalleryRestClient = ReturnType<typeof createGalleryRestClient>;
