import type { TestApp } from "./app.js";

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
