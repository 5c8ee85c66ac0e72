import { readdirSync, readFileSync } from "node:fs"; import path from "node:path"; import { gzipSync } from "node:zlib";
const dist="/work/main/apps/web/dist"; const html = readFileSync(path.join(dist, "index.html"), "utf8"); const seen = new Set<string>();
const walk = (file: string) => { if (seen.has(file)) return; seen.add(file); const code = readFileSync(path.join(dist, file), "utf8"); for (const m of code.matchAll(/from"\.\/([^"]+\.js)"/g)) walk(`assets/${m[1]}`); };
for (const m of html.matchAll(/src="\/(assets\/[^"]+\.js)"/g)) walk(m[1]!);
const browse = readdirSync(path.join(dist, "assets")).find((f) => /^browse-.*\.js$/.test(f)); if (browse) walk(`assets/${browse}`);
let t=0; for (const f of seen) { const n=gzipSync(readFileSync(path.join(dist, f))).length; t+=n; console.log(f, n); } console.log("total", t);
