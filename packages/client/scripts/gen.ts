// `pnpm gen` (packages/client): the generated types from the committed OpenAPI document
// (apps/api/openapi/openapi.json, written by the api's own `gen` first) and from the router's type alone.
// No database, no emulator, no running app.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { generatedFiles } from "./generated-files.js";

const GENERATED = path.join(import.meta.dirname, "../src/generated");
for (const [file, text] of Object.entries(await generatedFiles())) {
  const target = path.join(GENERATED, file);
  let previous = "";
  try {
    previous = readFileSync(target, "utf8");
  } catch {}
  if (previous !== text) writeFileSync(target, text);
  console.log(`src/generated/${file}: ${previous === text ? "unchanged" : "written"}`);
}
