// The ceiling of the stack: a bare Fastify route answering fixed bytes, in a process of its own like the api.
// Usage: tsx bare-server.ts <port> <manifest.json>, the manifest listing each route's path, body file and
// headers: the gallery's first page at /bare, and each measured call's own answer exactly as the api sent it
// (bench/bare-ceilings.ts), so a call served from a shared copy is compared with a route sending the same bytes.
import { readFileSync } from "node:fs";
import Fastify from "fastify";
import type { BareRoute } from "./bare-ceilings.js";

const [port, manifest] = process.argv.slice(2);
const routes = JSON.parse(readFileSync(manifest!, "utf8")) as BareRoute[];
const app = Fastify({ logger: false });
for (const route of routes) {
  const body = readFileSync(route.file);
  app.get(route.path, (_request, reply) => reply.headers(route.headers).send(body));
}
await app.listen({ port: Number(port), host: "127.0.0.1" });
