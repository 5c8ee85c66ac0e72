import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import fresh from "fresh";
import vary from "vary";
import { carriesBearerToken } from "../../domain/members/api-tokens.js";
import { VISITOR_FACTS, type ViewerFacts, viewerFacts } from "../../domain/policy.js";
import { requestOrigin } from "../../http/site-origin.js";
import { compressCopy, negotiateEncoding, worthCompressing } from "../../services/compression.js";
import { type Copy, type Generation, ResponseCache, type StoredResponse } from "../../services/response-cache.js";
import { SESSION_COOKIE } from "../../services/session-store.js";
import { copyOwner, procedureSharing, type SharingRule, sharingRule } from "../../trpc/shared-reads.js";

export interface Ticket {
  generation: Generation;
  rule: SharingRule;
  sessionCookie: string | undefined;
}

const TRPC_ROUTE = "/trpc/:path";
const SESSION_COOKIE_PATTERN = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=([^;]*)`);
/** Headers of one caller's response that must never be handed to another (or that depend on how it asked). */
const PRIVATE_HEADERS = new Set(["set-cookie", "content-length", "age", "content-encoding"]);

/** What a cache outside the server may do with an answer that depends on who asks: nothing. */
const PERSONAL_CACHE_CONTROL = "private, no-store";
/** What every call's answer depends on: who asks (a session cookie, an API token). */
const VARY_BY_CALLER = ["Cookie", "Authorization"];

const isHtml = (reply: FastifyReply) => String(reply.getHeader("content-type") ?? "").startsWith("text/html");

/** Neither a session cookie nor a token: the caller is a visitor, whatever else the request failed at. */
const askedByVisitor = (request: FastifyRequest) =>
  !carriesBearerToken(request.headers) && !SESSION_COOKIE_PATTERN.test(request.headers.cookie ?? "");

/**
 * Serves public reads that are the same for every viewer of an audience (visitors, or signed-in members) alike in
 * the facts the read declares (calls/*.ts `sharing`) from a copy for up to RESPONSE_CACHE_SECONDS, before the
 * security-header, cookie and session work a full request does: the copy already carries the headers that work
 * produced. A copy's key is the viewer policy's viewerKey of the viewer's value (domain/policy.ts ViewerFacts) over
 * those facts (trpc/shared-reads.ts copyOwner); each session cookie's value is remembered from its last full
 * request, so the fast path keys a copy exactly as the full request would. A change to what public reads
 * show (listings, creators), by this instance or another (database notifications), drops every copy, so
 * a copy is never staler than the change feed; a change of who a session is (a sign-out, a member's
 * settings) drops only what was remembered of each cookie and the copies kept for one cookie; a helpful mark only
 * the copies of reads declared `helpfulMarks` and those kept for one cookie. While the
 * feed is down no copy is served.
 * A copy says so with an Age header. A copy is kept as its plain text, and compressed for each encoding
 * (br, gzip) the first time a client accepting it asks, then kept so (plugins/external/compress.ts
 * passes an encoded answer as it is). Registered before the plugins whose work it skips.
 *
 * It also says, for every call's answer (REST and tRPC alike), what caches outside the server may do with it,
 * decided from the call's `sharing` declaration (a tRPC batch's: every call's): an answer to a visitor of a read
 * every visitor shares keeps its own caching headers; any other (a member's or a token's, a read shared by no
 * visitor, a change) is personal, `Cache-Control: private, no-store`. Every call's answer says
 * `Vary: Cookie, Authorization`, so a cache never hands a visitor's answer to a member or the reverse. So does a
 * served page (it carries its first reads' answers), personal when a member asks.
 */
export default fp(
  async (app) => {
    // Remembers each session cookie's viewer: their value (the viewer policy's), which keys the copies they get.
    const cache = new ResponseCache<ViewerFacts>({ ttlMs: app.config.responseCacheSeconds * 1000 });
    // A session's end or a member's settings change who a cookie is, not what a shared copy shows; a helpful mark
    // changes only the reads that show marks (and a member's own).
    app.databaseChanges.onChange((kind) => {
      if (kind === "viewers") cache.forgetViewers();
      else if (kind === "helpful") cache.forgetHelpful();
      else cache.clear();
    });
    app.decorateRequest("responseCacheTicket", null);
    // Registered first: a copy kept for members keeps what it says to caches outside the server.
    app.addHook("onSend", async (request, reply, payload) => {
      const { config, url } = request.routeOptions;
      const call = config.limit !== undefined || url === TRPC_ROUTE;
      // A served page carries the first reads' answers for whoever asks (http/first-reads.ts).
      const page = !call && config.rendersPage === true && isHtml(reply);
      if (!call && !page) return payload;
      const personal = !askedByVisitor(request) || (call && !shareableBy(request)?.audiences.has("visitor"));
      const headers = payload instanceof Response ? payload.headers : undefined;
      const get = (name: string) => String((headers ? headers.get(name) : reply.getHeader(name)) ?? "");
      const set = (name: string, value: string) => (headers ? headers.set(name, value) : reply.header(name, value));
      set("vary", vary.append(get("vary"), VARY_BY_CALLER));
      if (personal) set("cache-control", PERSONAL_CACHE_CONTROL);
      return payload;
    });
    if (app.config.responseCacheSeconds === 0) return;

    app.addHook("onRequest", (request, reply, done) => {
      // A token's caller is its member, whom no cookie names: never handed or given a shared copy.
      const rule = request.method === "GET" && !carriesBearerToken(request.headers) ? shareableBy(request) : undefined;
      if (!rule?.audiences.size || !app.databaseChanges.live) return done();
      const sessionCookie = SESSION_COOKIE_PATTERN.exec(request.headers.cookie ?? "")?.[1];
      const viewer = sessionCookie === undefined ? VISITOR_FACTS : cache.callerOf(sessionCookie);
      const owner = viewer && copyOwner(viewer, rule, sessionCookie);
      const copy = owner ? cache.response(owner, addressOf(request)) : undefined;
      if (copy) {
        reply.headers(copy.headers).header("age", String(copy.age));
        sendCopy(request, reply, copy);
        return;
      }
      request.responseCacheTicket = { generation: cache.generation, rule, sessionCookie };
      done();
    });

    app.addHook("onSend", async (request, reply, sent) => {
      const ticket = request.responseCacheTicket;
      if (!ticket) return sent;
      let payload = sent;
      // tRPC answers with a web Response; a successful one is read here and sent as its text.
      if (payload instanceof Response) {
        if (payload.status !== 200) return payload;
        const body = await payload.text();
        payload.headers.forEach((value, name) => {
          reply.header(name, value);
        });
        payload = body;
      }
      if (reply.statusCode !== 200 || typeof payload !== "string" || !isShareableType(reply)) return payload;
      // A copy is kept as plain text: an answer some hook has encoded already is not kept.
      if (reply.hasHeader("content-encoding")) return payload;
      // The full request has loaded the caller by now; this is the same (settled) promise.
      const user = await request.currentUser().catch(() => undefined);
      if (user === undefined) return payload;
      // Keyed by the loaded viewer's value (the same one the call read: calls/context.ts), as the fast path keys it.
      const viewer = viewerFacts(user);
      if (ticket.sessionCookie !== undefined) cache.rememberCaller(ticket.sessionCookie, viewer, ticket.generation);
      const owner = copyOwner(viewer, ticket.rule, ticket.sessionCookie);
      if (owner)
        cache.store(
          owner,
          addressOf(request),
          { headers: sharedHeaders(reply), body: Buffer.from(payload), compressed: {} },
          ticket.generation,
          ticket.rule.showsHelpful,
        );
      return payload;
    });
  },
  { name: "response-cache", dependencies: ["config", "database"] },
);

/**
 * A copy as this client accepts it: compressed (made on the first such request and kept with the copy)
 * when it asks for br or gzip and the copy is large enough to be worth it, else the plain text.
 */
function sendCopy(request: FastifyRequest, reply: FastifyReply, copy: Copy) {
  if (stillFresh(request, copy)) return reply.status(304).send();
  const encoding = worthCompressing(copy.body) ? negotiateEncoding(request.headers["accept-encoding"]) : undefined;
  if (!encoding) return reply.send(copy.body);
  copy.compressed[encoding] ??= compressCopy(copy.body, encoding);
  return reply.header("content-encoding", encoding).send(copy.compressed[encoding]);
}

/** A copy with validators (the feeds' ETag) answers 304 to a client that holds it already, as its route would. */
function stillFresh(request: FastifyRequest, copy: Copy) {
  const { etag, "last-modified": lastModified } = copy.headers;
  if (typeof etag !== "string") return false;
  return fresh(request.headers, {
    etag,
    ...(typeof lastModified === "string" ? { "last-modified": lastModified } : {}),
  });
}

const routeRules = new WeakMap<object, SharingRule>();

/** Who may share this request's answer, and alike in what: the REST route's `sharedBy`, or the tRPC batch's. */
function shareableBy(request: FastifyRequest): SharingRule | undefined {
  const { config, url } = request.routeOptions;
  if (config.sharedBy) {
    let rule = routeRules.get(config.sharedBy);
    if (!rule) {
      rule = sharingRule([config.sharedBy]);
      routeRules.set(config.sharedBy, rule);
    }
    return rule;
  }
  // A client may ask tRPC for another format (streamed JSON lines): such answers are not shared.
  if (url === TRPC_ROUTE && request.headers["trpc-accept"] === undefined) {
    return procedureSharing((request.params as { path: string }).path.split(","));
  }
  return undefined;
}

/** JSON reads, the served pages whose head is filled per page (plugins/app/page-head.ts), the feeds (Atom, RSS), the sitemap. */
const isShareableType = (reply: FastifyReply) =>
  /^(application\/json|text\/html|application\/atom\+xml|application\/rss\+xml|application\/xml)/.test(
    String(reply.getHeader("content-type") ?? ""),
  );

/**
 * The full address asked for: a served page's head holds absolute links made from the host and
 * protocol when PUBLIC_URL is not set, so a copy made for one host is never handed to another. A request the
 * server makes of itself (first reads) is kept under the origin it answers for (http/site-origin.ts).
 */
const addressOf = (request: FastifyRequest) => `${requestOrigin(request)}${request.url}`;

function sharedHeaders(reply: FastifyReply): StoredResponse["headers"] {
  const headers: StoredResponse["headers"] = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined && !PRIVATE_HEADERS.has(name)) headers[name] = value;
  }
  return headers;
}
