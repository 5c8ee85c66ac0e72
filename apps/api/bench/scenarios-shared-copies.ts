import type { IncomingHttpHeaders } from "node:http";
import autocannon from "autocannon";

export interface CopiesResult {
  besides: string;
  connections: number;
  rps: number;
  p99: number;
  /** Share of answers served from a copy (an Age header), in percent. */
  hitRate: number;
  /** Sign-ins (each followed by its sign-out) completed beside the readers. */
  sessions: number;
  non2xx: number;
}

/** Counts autocannon's answers and those served from a shared copy (an Age header): `hitRate` in percent. */
export function copyCounter() {
  let answers = 0;
  let copies = 0;
  return {
    onResponse: (_status: number, _body: string, _context: object, headers?: IncomingHttpHeaders) => {
      answers++;
      if (headers?.age !== undefined) copies++;
    },
    hitRate: () => (answers === 0 ? 0 : Math.round((copies / answers) * 1000) / 10),
  };
}

/**
 * Visitors and a member reading the gallery's first page with copies on, alone and then with members
 * signing in and out beside them as fast as one client can: a session starting or ending changes no
 * public answer, so the share of answers served from a copy should stay where it was.
 */
export async function measureCopiesBesideSessions(options: {
  serverUrl: string;
  memberCookie: string;
  /** An ID token to sign in with, again and again. */
  idToken: string;
  duration: number;
  connections: number;
}): Promise<CopiesResult[]> {
  const results: CopiesResult[] = [];
  for (const besides of ["nothing", "sign-ins and sign-outs"]) {
    let stop = false;
    let sessions = 0;
    const churn = (async () => {
      while (besides !== "nothing" && !stop) {
        const verify = await fetch(`${options.serverUrl}/api/auth/verify`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ idToken: options.idToken }),
        });
        const cookie = verify.headers.get("set-cookie")?.split(";")[0];
        if (!verify.ok || !cookie) throw new Error(`sign-in failed: ${verify.status}`);
        await fetch(`${options.serverUrl}/api/auth/logout`, { method: "POST", headers: { cookie } });
        sessions++;
      }
    })();
    const counter = copyCounter();
    const count = counter.onResponse;
    const result = await autocannon({
      url: options.serverUrl,
      connections: options.connections,
      duration: options.duration,
      requests: [
        { method: "GET", path: "/api/chatbots", onResponse: count },
        { method: "GET", path: "/api/chatbots", headers: { cookie: options.memberCookie }, onResponse: count },
      ],
    });
    stop = true;
    await churn;
    results.push({
      besides,
      connections: options.connections,
      rps: Math.round(result.requests.average),
      p99: result.latency.p99,
      hitRate: counter.hitRate(),
      sessions,
      non2xx: result.non2xx + result.errors,
    });
  }
  return results;
}
