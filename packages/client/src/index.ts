export type { Credentials } from "./credentials.js";
export { createListingForm, importCardForm, type Picture, updateListingForm } from "./forms.js";
export type { components, operations, paths } from "./generated/openapi.gen.js";
export type {
  CallOptions,
  CreateListingFields,
  GalleryProcedures,
  UpdateListingFields,
} from "./generated/procedures.gen.js";
export type * from "./models.js";
export { createGalleryRestClient, type GalleryRestClient } from "./rest.js";
export { type ClientOptions, type RetryOptions, retryingFetch } from "./retry.js";
export { createGalleryClient } from "./trpc.js";
