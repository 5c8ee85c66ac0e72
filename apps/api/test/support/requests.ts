import type { AddressInfo } from "node:net";
import { expect } from "vitest";
import type { TestApp } from "./app.js";

/** The app's origin on a real socket, for clients that need one (fetch, streams): listening from the first call on. */
export async function listeningOrigin(app: TestApp) {
  if (!app.server.listening) await app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

let addresses = 0;
/**
 * A client address (request.ip) no earlier call in this test file was given: a visitor is their address (issue 36),
 * and a rating or a report counts once per address, so each rater or reporter takes one of their own.
 */
export function freshAddress() {
  addresses += 1;
  return `198.51.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
}

/** The request a client makes, with a member's session cookie or as a visitor. */
const cookieHeader = (cookie?: string) => (cookie ? { cookie } : {});

export const getAs = (app: TestApp, url: string, cookie?: string) =>
  app.inject({ method: "GET", url, headers: cookieHeader(cookie) });

/** A tRPC query as the web's client sends it (GET, input in the URL). */
export const trpcQuery = (app: TestApp, path: string, input: unknown, cookie?: string) =>
  app.inject({
    method: "GET",
    url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`,
    headers: cookieHeader(cookie),
  });

/** A tRPC mutation as the web's client sends it (POST, JSON input). */
export const trpcMutation = (app: TestApp, path: string, input: unknown, cookie?: string) =>
  app.inject({
    method: "POST",
    url: `/trpc/${path}`,
    headers: { "content-type": "application/json", ...cookieHeader(cookie) },
    payload: JSON.stringify(input),
  });

/** A multipart form (images.ts `multipart`) sent as a browser's form would be, as a member or a visitor. */
export const sendForm = (
  app: TestApp,
  method: "POST" | "PUT",
  url: string,
  form: { headers: Record<string, string>; payload: Buffer },
  cookie?: string,
) => app.inject({ method, url, headers: { ...form.headers, ...cookieHeader(cookie) }, payload: form.payload });

/** A JSON write (PUT, POST, DELETE) as a member or a visitor. */
export const sendJson = (
  app: TestApp,
  method: "PUT" | "POST" | "DELETE",
  url: string,
  payload: unknown,
  cookie?: string,
) => app.inject({ method, url, headers: cookieHeader(cookie), payload: payload as object });

/**
 * Asks until the answer comes from a shared copy (its Age header): the database's notice of an earlier write of
 * this very process arrives a moment after it and may drop the copies once more.
 */
export async function askUntilCopy<Answer extends { headers: Record<string, unknown> }>(ask: () => Promise<Answer>) {
  let answer: Answer | undefined;
  await expect
    .poll(async () => {
      answer = await ask();
      return answer.headers.age;
    })
    .toBeDefined();
  return answer!;
}
