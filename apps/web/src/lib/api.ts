/**
 * REST helpers implementing the request rules of spec section 7:
 * - every request carries the cookies (credentials: "include");
 * - a body is JSON (Content-Type set only when there is a body) or FormData (sent as multipart: the
 *   browser sets the Content-Type with its boundary);
 * - any non-OK response throws Error(`${status}: ${text || statusText}`) (spec section 8);
 * - reads take optional query parameters, skipping null and undefined; a 401 either throws (default)
 *   or yields null.
 */

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/** Appends query parameters to a path, skipping null and undefined values. */
export function withQuery(path: string, params: QueryParams = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined) query.set(key, String(value));
  }
  const text = query.toString();
  if (!text) return path;
  return `${path}${path.includes("?") ? "&" : "?"}${text}`;
}

/** Any non-OK response becomes an Error "status: text" (the status text when the body is empty). */
export async function throwIfResNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = (await response.text().catch(() => "")) || response.statusText;
  throw new Error(`${response.status}: ${text}`);
}

async function parseJson<T>(response: Response): Promise<T> {
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * A REST call with cookies. `body` is sent as JSON (with Content-Type: application/json) or, when it
 * is a FormData, as multipart. Resolves with the parsed JSON response (null for an empty body).
 */
export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  const init: RequestInit = { method, credentials: "include" };
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { "Content-Type": "application/json" };
  }
  const response = await fetch(url, init);
  await throwIfResNotOk(response);
  return parseJson<T>(response);
}

export interface GetJsonOptions {
  /** "throw" (default): a 401 is an error like any other; "returnNull": a 401 resolves with null. */
  on401?: "throw" | "returnNull";
  /** Query parameters; null and undefined values are left out. */
  params?: QueryParams;
}

/** A GET read with cookies; resolves with the parsed JSON. */
export function getJson<T>(url: string, options: GetJsonOptions & { on401: "returnNull" }): Promise<T | null>;
export function getJson<T>(url: string, options?: GetJsonOptions & { on401?: "throw" }): Promise<T>;
export function getJson<T>(url: string, options?: GetJsonOptions): Promise<T | null>;
export async function getJson<T>(url: string, options: GetJsonOptions = {}): Promise<T | null> {
  const response = await fetch(withQuery(url, options.params), { credentials: "include" });
  if (response.status === 401 && options.on401 === "returnNull") return null;
  await throwIfResNotOk(response);
  return parseJson<T>(response);
}

/**
 * True for an expired or missing session: a REST error whose message starts with '401: ' and
 * contains 'Unauthorized' (spec section 8), or a tRPC client error with HTTP status 401.
 * (TRPCClientError is recognised by name so this module does not pull @trpc/client into the first paint.)
 */
export function isUnauthorizedError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === "TRPCClientError") {
    const data = (error as Error & { data?: { httpStatus?: number } | null }).data;
    return data?.httpStatus === 401;
  }
  return error.message.startsWith("401: ") && error.message.includes("Unauthorized");
}
