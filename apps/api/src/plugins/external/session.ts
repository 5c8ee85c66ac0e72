import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import cookie from "@fastify/cookie";
import session from "@fastify/session";
import fp from "fastify-plugin";
import { KyselySessionStore } from "../../services/session-store";

declare module "fastify" {
  interface Session {
    userId?: string;
  }
}

export const SESSION_COOKIE = "sid";
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

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
      cookie: { httpOnly: true, sameSite: "lax", secure: "auto", path: "/", maxAge: WEEK_MS },
    });
    const prune = setInterval(() => store.prune().catch(() => {}), 60 * 60 * 1000);
    prune.unref();
    app.addHook("onClose", async () => clearInterval(prune));
  },
  { name: "session", dependencies: ["config", "database"] },
);

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
