// `pnpm gen` (apps/api): writes the OpenAPI document from the route declarations, without a database or emulator.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildOpenApiDocument, openApiText } from "../src/http/openapi.js";

const target = path.join(import.meta.dirname, "../openapi/openapi.json");
const text = openApiText(await buildOpenApiDocument());
let previous = "";
try {
  previous = readFileSync(target, "utf8");
} catch {}
if (previous !== text) writeFileSync(target, text);
console.log(`${path.relative(process.cwd(), target)}: ${previous === text ? "unchanged" : "written"}`);
