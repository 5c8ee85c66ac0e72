import { TRPCClientError } from "@trpc/client";

type Params = Record<string, string | number | boolean | null | undefined>;

/** Adds query parameters, skipping null and undefined (spec section 7). */
export function withQuery(path: string, params: Params = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined) query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** Any non-OK response becomes an Error "status: text" (or the status text when the body is empty). */
async function throwIfNotOk(response: Response) {
  if (response.ok) return;
  const text = (await response.text()) || response.statusText;
  throw new Error(`${response.status}: ${text}`);
}

/** A REST call with cookies; JSON bodies get a content type, FormData goes as multipart. */
export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  const init: RequestInit = { method, credentials: "include" };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { "Content-Type": "application/json" };
  }
  const response = await fetch(url, init);
  await throwIfNotOk(response);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** A read; with on401 "returnNull" a 401 yields null instead of an error. */
export async function getJson<T>(url: string, options: { on401?: "throw" | "returnNull" } = {}): Promise<T | null> {
  const response = await fetch(url, { credentials: "include" });
  if (response.status === 401 && options.on401 === "returnNull") return null;
  await throwIfNotOk(response);
  return (await response.json()) as T;
}

export function isUnauthorizedError(error: unknown): boolean {
  if (error instanceof TRPCClientError) return error.data?.httpStatus === 401;
  return error instanceof Error && error.message.startsWith("401: ") && error.message.includes("Unauthorized");
}
