// Every addition this app makes to Fastify's types, in one place: what the plugins decorate the app and each
// request with, what a route's `config` may carry and what a session holds. Types only: nothing here runs, and
// each plugin that decorates stays the one place its value is made. A program that starts from the router
// (calls/context.ts, the client's type generator) sees these through calls/context.ts' type-only import.
import type { DatabaseHandle, UserRow } from "@gallery/db";
import type { FastifyReply } from "fastify";
import type { Access, Limit, SharedBy } from "./calls/call.js";
import type { Config } from "./config.js";
import type { ApiTokenGrant, RequiredScope } from "./domain/members/api-tokens.js";
import type { StatsRecorder } from "./domain/stats/recorder.js";
import type { DatabaseChanges } from "./plugins/app/database.js";
import type { NotificationStreams } from "./plugins/app/notifications.js";
import type { Ticket } from "./plugins/app/response-cache.js";
import type { DrawPage } from "./services/first-screen.js";
import type { IdentityProvider } from "./services/identity.js";
import type { ErrorPageKind } from "./services/page-head.js";
import type { ObjectStorage } from "./services/storage.js";
import type { PageCode } from "./services/web-manifest.js";

declare module "fastify" {
  /** What the plugins under plugins/ decorate the app with. */
  interface FastifyInstance {
    /** plugins/app/config.ts */
    config: Config;
    /** plugins/app/database.ts */
    database: DatabaseHandle;
    databaseChanges: DatabaseChanges;
    /** plugins/app/storage.ts */
    storage: ObjectStorage;
    /** plugins/app/identity.ts */
    identity: IdentityProvider;
    /** The members' live notification streams (plugins/app/notifications.ts). */
    notificationStreams: NotificationStreams;
    /** Views and click-outs, counted in batches (domain/stats/recorder.ts; plugins/app/listing-stats.ts). */
    listingStats: StatsRecorder;
    /** Requests at work at once (the database's turns): how many are in use and waiting (plugins/external/under-pressure.ts). */
    requestTurns: { readonly size: number; readonly inUse: number; readonly waiting: number };
    /** The built web app's index.html (undefined when the web app is not built); page-head.ts fills its head. */
    webIndexHtml: string | undefined;
    /** The built files a page's own code needs (services/web-manifest.ts); none without a build's manifest. */
    webPageModules: (pages: readonly PageCode[]) => string[];
    /** The web's first-screen drawer (services/first-screen.ts); undefined when the build has none. */
    drawWebPage: DrawPage | undefined;
  }

  /** What the plugins decorate each request with. */
  interface FastifyRequest {
    /**
     * The caller, loaded lazily once per request: the member of an `Authorization: Bearer` token (which then
     * decides alone, whatever cookie comes with it), else the session's user (plugins/app/current-user.ts).
     */
    currentUser(): Promise<UserRow | null>;
    /** The request's API token, checked once per request; null without one, 401 for a bad one. */
    apiToken(): Promise<ApiTokenGrant | null>;
    /** Gives a request that came without a session cookie its (new, empty) session: only a sign-in needs one. */
    openSession(): void;
    /**
     * Starts a fresh session for a user who has just proven who they are with an ID token (issued at
     * authTime, seconds): a new session id, so a cookie from before the sign-in cannot be reused
     * (plugins/external/session.ts).
     */
    startSession(userId: string, authTime: number): Promise<void>;
    /** plugins/app/response-cache.ts */
    responseCacheTicket: Ticket | null;
  }

  /** What a route's `config` may say (set by http/routes.ts from a call's declaration, or by a hand-written route). */
  interface FastifyContextConfig {
    /** A session is needed (documented as the session cookie's security requirement; http/request.ts checks it). */
    access?: Exclude<Access, "public">;
    /** What a personal API token needs for this route (calls/call.ts `scopeOf`); routes without one refuse none. */
    scope?: RequiredScope;
    /** What a call's REST route counts against (calls/call.ts `Limit`, set by http/routes.ts from the declaration). */
    limit?: Limit;
    /** The answer is one page of a list: the next page is in the Link header. */
    paged?: boolean;
    /**
     * Who may share one copy of a REST read's answer: its call's `sharing` declaration (the audiences, and the
     * facts of the viewer the answer depends on); left out, nothing is shared.
     */
    sharedBy?: SharedBy;
    /** A public read of the read API for tools: any origin may call it with CORS (no credentials). */
    publicRead?: boolean;
    /**
     * A route people reach by following a link in a browser (/go, /images): its refusals (a dead link, a
     * picture that is gone or for members) are answered to a browser's navigation as the web app's page, with
     * the same status, and the app says what happened with a way back. API clients keep the JSON error. A
     * function picks the page from the request (/go: a dead link, or an address naming no platform).
     */
    errorPage?: ErrorPageKind | ((request: FastifyRequest) => ErrorPageKind);
    /** Answers a request turned away under pressure in the route's own error shape (tRPC's, for /trpc). */
    pressureHandler?: (request: FastifyRequest, reply: FastifyReply) => unknown;
    /**
     * What a browser needs to render a page (its HTML, scripts, styles, stored images): cheap to answer and never
     * turned away under pressure, or a visit breaks (a raw 503 instead of the page, a half-loaded app, broken
     * pictures); the app's own reads show their failures and a Retry instead.
     */
    rendersPage?: boolean;
    /**
     * What a page needs to know who is signed in (calls declared `neverShed`): never turned away under pressure.
     * A function for a route answering many calls (/trpc: true when every call of the request is one of them).
     */
    neverShed?: boolean | ((request: FastifyRequest) => boolean);
  }

  /** What a session holds (@fastify/session; plugins/external/session.ts, services/session-identity.ts). */
  interface Session {
    userId?: string;
    /** When the session's expiry was last pushed out (ms). */
    renewedAt?: number;
    /** auth_time (seconds) of the ID token the session was started with. */
    authTime?: number;
    /** When the identity provider was last asked about the session's account (ms). */
    identityCheckedAt?: number;
  }
}
