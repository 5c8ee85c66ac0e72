import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import cookie from "@fastify/cookie";
import session from "@fastify/session";
import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { startSessionIdentity } from "../../services/session-identity.js";
import { KyselySessionStore } from "../../services/session-store.js";

declare module "fastify" {
  interface Session {
    userId?: string;
    /** When the session's expiry was last pushed out (ms). */
    renewedAt?: number;
  }
}

export const SESSION_COOKIE = "sid";
const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;

/** Server sessions in PostgreSQL behind an HttpOnly, SameSite=Lax cookie (Secure over HTTPS). */
export default fp(
  async (app) => {
    const store = new KyselySessionStore(app.database.db);
    await app.register(cookie);
    await app.register(session, {
      secret: app.config.sessionSecret ?? localSecret(app.config.dataDir),
      cookieName: SESSION_COOKIE,
      store,
      saveUninitialized: false,
      // Saving on every request would cost a database write per page; see the renewal hook below.
      rolling: false,
      cookie: { httpOnly: true, sameSite: "lax", secure: "auto", path: "/", maxAge: WEEK_MS },
    });
    // A signed-in session slides: it expires a week after its last day of use, saved (new expiry, new cookie) once a day.
    app.addHook("onRequest", async (request) => {
      const session = request.session;
      if (typeof session?.get !== "function" || !session.get("userId")) return;
      if (Date.now() - (session.get("renewedAt") ?? 0) >= DAY_MS) session.set("renewedAt", Date.now());
    });
    const prune = setInterval(() => store.prune().catch(() => {}), 60 * 60 * 1000);
    prune.unref();
    app.addHook("onClose", async () => clearInterval(prune));
  },
  { name: "session", dependencies: ["config", "database"] },
);

/**
 * Starts a fresh session for a user who has just proven who they are with an ID token (issued at
 * authTime, seconds): a new session id, so a cookie from before the sign-in cannot be reused.
 * Used by both sign-in edges (tRPC auth.verify, REST POST /api/auth/verify).
 */
export async function startSession(request: FastifyRequest, userId: string, authTime: number): Promise<void> {
  await request.session.regenerate();
  request.session.set("userId", userId);
  request.session.set("renewedAt", Date.now());
  startSessionIdentity(request.session, authTime);
  await request.session.save();
}

/** Without SESSION_SECRET (development), a random secret kept in the data folder survives restarts. */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString("hex");
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
