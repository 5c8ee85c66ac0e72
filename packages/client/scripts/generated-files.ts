import { readFileSync } from "node:fs";
import path from "node:path";
import { openapiTypes } from "./openapi-types.js";
import { routerTypes } from "./router-types.js";

/** The committed OpenAPI document, written by the api's `pnpm gen` (apps/api/scripts/gen-openapi.ts). */
export const OPENAPI_DOCUMENT = path.join(import.meta.dirname, "../../../apps/api/openapi/openapi.json");

/** Every file of src/generated as it should read now: what `pnpm gen` writes and the staleness test compares. */
export async function generatedFiles(): Promise<Record<string, string>> {
  const document = JSON.parse(readFileSync(OPENAPI_DOCUMENT, "utf8")) as object;
  return { "openapi.gen.ts": await openapiTypes(document), ...routerTypes() };
}
