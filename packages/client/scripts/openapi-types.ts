import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript";

/** The REST calls' types (`paths`, `components`, `operations`) from the app's own OpenAPI document. */
export async function openapiTypes(document: object): Promise<string> {
  const ast = await openapiTS(document as OpenAPI3);
  return `// Generated from the app's OpenAPI document (GET /api/openapi.json) by openapi-typescript: do not edit.\n${astToString(ast)}`;
}
