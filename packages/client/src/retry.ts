/**
 * How a client answers a `503 Service Unavailable` that says when to come back (`Retry-After`): the gallery sends
 * it when it is too busy or a backing service is briefly away, before it has done anything with the request.
 * `false` turns retrying off (the 503 is the answer).
 */
export type RetryOptions =
  | false
  | {
      /** How many times a request is sent again after a 503 (default 2, so at most 3 tries). */
      retries?: number;
      /** The longest wait, in seconds: a 503 asking for a longer one is the answer (default 10). */
      maxWaitSeconds?: number;
    };

/** A client's options besides its credentials. */
export interface ClientOptions {
  /** Retrying a 503 that carries Retry-After: on by default (2 retries, waits of at most 10 s); `false` turns it off. */
  retry?: RetryOptions;
  /** The fetch to send requests with (default: the global fetch). */
  fetch?: typeof fetch;
}

export const DEFAULT_RETRIES = 2;
export const DEFAULT_MAX_WAIT_SECONDS = 10;

/** What to wait, in milliseconds, for a Retry-After of seconds or an HTTP date; null when there is none. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // An HTTP date names its day and month ("Sat, 28 Nov 2026 12:00:04 GMT"); Date.parse alone takes "-1" as a year.
  const date = /[a-z]/i.test(trimmed) ? Date.parse(trimmed) : Number.NaN;
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** Resolves after `ms`, or rejects with the signal's reason once it is aborted. */
function sleep(ms: number, signal: AbortSignal | null | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * A fetch that sends a request again after a 503 with Retry-After, waiting what the server asks: at most
 * `retries` more times, and never longer than `maxWaitSeconds` at once (a longer wait returns the 503). Any other
 * answer, a 503 without Retry-After and a network error are returned (thrown) as they are. An aborted signal
 * stops the wait. A Request's body is kept (cloned) for the next try.
 */
export function retryingFetch(fetchImpl: typeof fetch, options: RetryOptions = {}): typeof fetch {
  if (options === false) return fetchImpl;
  const retries = Math.max(0, Math.floor(options.retries ?? DEFAULT_RETRIES));
  const maxWaitMs = Math.max(0, options.maxWaitSeconds ?? DEFAULT_MAX_WAIT_SECONDS) * 1000;
  return async (input, init) => {
    const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= retries;
      const request = input instanceof Request && !last ? input.clone() : input;
      const response = await fetchImpl(request, init);
      if (last || response.status !== 503) return response;
      const wait = retryAfterMs(response.headers.get("retry-after"));
      if (wait === null || wait > maxWaitMs) return response;
      // The answer is not read: let its connection go.
      await response.body?.cancel().catch(() => {});
      await sleep(wait, signal);
    }
  };
}
