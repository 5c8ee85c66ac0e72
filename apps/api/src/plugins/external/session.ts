import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import cookie from "@fastify/cookie";
import session, { type FastifySessionOptions } from "@fastify/session";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { startSessionIdentity } from "../../services/session-identity.js";
import { KyselySessionStore, markSessionStarted, SESSION_COOKIE } from "../../services/session-store.js";

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;

const SESSION_COOKIE_PATTERN = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE}=`);
type HookHandler = (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => void;
type SendHook = (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error?: Error) => void) => void;

/**
 * Server sessions in PostgreSQL behind an HttpOnly, SameSite=Lax cookie, Secure whenever the site's address is
 * https: PUBLIC_URL is https, or the request came over https (as TRUST_PROXY lets X-Forwarded-Proto say).
 * @fastify/session builds a session object (a new id, signed) for every request without a cookie, though
 * only a sign-in keeps it: here its request hook runs only for requests carrying a session cookie, and
 * any other request has `request.session` null until `request.openSession()` (startSession does).
 */
export default fp(
  async (app) => {
    const store = new KyselySessionStore(app.database.db);
    // A site whose address is https is reached over https, whatever the hop before the api: behind a proxy that
    // ends TLS without TRUST_PROXY, every request looks like plain http here, yet the cookie must stay Secure.
    const httpsSite = app.config.publicUrl?.startsWith("https:") === true;
    await app.register(cookie);
    let restoreSession: HookHandler | undefined;
    // The library's own plugin function, given an app whose onRequest hook it registers is kept here instead.
    const sessionApp = {
      decorate: app.decorate.bind(app),
      decorateRequest: app.decorateRequest.bind(app),
      addHook(name: string, hook: HookHandler) {
        if (name === "onRequest") restoreSession = hook;
        else if (name === "onSend" && httpsSite) app.addHook("onSend", asHttpsRequest(hook as unknown as SendHook));
        else app.addHook(name as "onSend", hook as never);
      },
    };
    await new Promise<void>((resolve, reject) =>
      (session as unknown as (app: unknown, options: unknown, done: (error?: Error) => void) => void)(
        sessionApp,
        {
          secret: app.config.sessionSecret ?? localSecret(app.config.dataDir),
          cookieName: SESSION_COOKIE,
          store,
          saveUninitialized: false,
          // Saving on every request would cost a database write per page; see the renewal below.
          rolling: false,
          cookie: { httpOnly: true, sameSite: "lax", secure: httpsSite ? true : "auto", path: "/", maxAge: WEEK_MS },
        } satisfies FastifySessionOptions,
        (error) => (error ? reject(error) : resolve()),
      ),
    );
    const restore = restoreSession;
    if (!restore) throw new Error("@fastify/session registered no request hook");
    app.decorateRequest("openSession", function (this: FastifyRequest) {
      // Without a session cookie the library's hook is synchronous: it creates the session at once.
      if (!this.session) restore(this, undefined as never, () => {});
    });
    app.addHook("onRequest", (request, reply, done) => {
      const cookieHeader = request.headers.cookie;
      if (cookieHeader === undefined || !SESSION_COOKIE_PATTERN.test(cookieHeader)) return done();
      restore(request, reply, (error) => {
        // A session stored before PUBLIC_URL became https keeps its cookie's old settings: Secure from now on.
        if (httpsSite && request.session) request.session.cookie.secure = true;
        // A signed-in session slides: it expires a week after its last day of use, saved (new expiry, new cookie) once a day.
        const session = request.session;
        if (!error && session?.get("userId") && Date.now() - (session.get("renewedAt") ?? 0) >= DAY_MS) {
          session.set("renewedAt", Date.now());
        }
        done(error);
      });
    });
    app.decorateRequest("startSession", startSession);
    const prune = setInterval(() => store.prune().catch(() => {}), 60 * 60 * 1000);
    prune.unref();
    app.addHook("onClose", async () => clearInterval(prune));
  },
  { name: "session", dependencies: ["config", "database"] },
);

async function startSession(this: FastifyRequest, userId: string, authTime: number): Promise<void> {
  // A request without a session cookie gets a new session, which has a new id already.
  if (this.session) await this.session.regenerate();
  else this.openSession();
  // The one kind of save that may add a session to the store (services/session-store.ts).
  markSessionStarted(this.session);
  this.session.set("userId", userId);
  this.session.set("renewedAt", Date.now());
  startSessionIdentity(this.session, authTime);
  await this.session.save();
}

/**
 * The library's save hook, shown a request whose protocol is https: with a Secure cookie it would otherwise
 * neither save a changed session (a renewal) nor set the cookie on a request that reached the api over http.
 */
function asHttpsRequest(hook: SendHook): SendHook {
  return (request, reply, payload, done) => {
    if (request.protocol === "https") return hook(request, reply, payload, done);
    // Reads only (session, cookies, protocol): the hook assigns nothing to the request.
    const overHttps = Object.create(request, { protocol: { value: "https" } }) as FastifyRequest;
    hook(overHttps, reply, payload, done);
  };
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
