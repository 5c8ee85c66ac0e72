import { writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { askUntilServed } from "./scenarios-listing-page.js";

/** A route of the bare server (bench/bare-server.ts): its path, the file of its body, the headers it sends. */
export interface BareRoute {
  path: string;
  file: string;
  headers: Record<string, string>;
}

/** Headers that describe the bytes (what a client needs to read them), kept with a captured answer. */
const DESCRIBING = ["content-type", "content-encoding"];

/**
 * One answer exactly as the api sends it: its raw bytes (not decompressed, unlike fetch) and the headers
 * that describe them, asked with the same headers as the measurement (again while the api sheds it, as fetchServed).
 */
export async function rawAnswer(url: string, headers: Record<string, string>) {
  const answer = await askUntilServed(() => rawGet(url, headers));
  if (answer.status !== 200) throw new Error(`${url}: ${answer.status}`);
  return { body: answer.body, headers: answer.headers };
}

function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; body: Buffer; headers: Record<string, string> }>((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const described = Object.fromEntries(
            DESCRIBING.flatMap((name) => (response.headers[name] ? [[name, String(response.headers[name])]] : [])),
          );
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks), headers: described });
        });
      })
      .on("error", reject);
  });
}

/** The bare server's routes, each answer written to a file of the bench's data folder. */
export class BareRoutes {
  readonly routes: BareRoute[] = [];
  constructor(private readonly dir: string) {}

  /** Adds a route answering these bytes; its path. */
  add(answer: { body: Buffer | string; headers: Record<string, string> }, routePath = `/same/${this.routes.length}`) {
    const file = path.join(this.dir, `bare-${this.routes.length}.body`);
    writeFileSync(file, answer.body);
    this.routes.push({ path: routePath, file, headers: answer.headers });
    return routePath;
  }

  /** The manifest bare-server.ts reads. */
  write(): string {
    const file = path.join(this.dir, "bare-routes.json");
    writeFileSync(file, JSON.stringify(this.routes));
    return file;
  }
}
