// The ceiling of the stack: a bare Fastify route answering a fixed JSON array (the same bytes as a
// gallery page), in a process of its own like the api. Usage: tsx bare-server.ts <port> <body.json>
import { readFileSync } from "node:fs";
import Fastify from "fastify";

const [port, file] = process.argv.slice(2);
const body = readFileSync(file!, "utf8");
const app = Fastify({ logger: false });
app.get("/bare", (_request, reply) => reply.type("application/json; charset=utf-8").send(body));
await app.listen({ port: Number(port), host: "127.0.0.1" });
