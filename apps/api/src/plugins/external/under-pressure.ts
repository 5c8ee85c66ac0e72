import underPressure from "@fastify/under-pressure";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { errorBody, RETRY_AFTER_SECONDS } from "../../http/errors.js";
import { unavailableMessage } from "../../services/unavailable.js";

/** Uploads being read or processed at once (each holds up to 5 MB and costs image work); more wait their turn. */
export const MAX_UPLOADS_IN_PROGRESS = 4;

/**
 * Requests doing their work at once, per database connection. More wait their turn (first come, first served)
 * for at most OVERLOAD_DATABASE_WAIT_MS, then answer 503: an admitted request shares the pool with a bounded
 * number of others, so it finishes in a bounded time, while a request that would only have queued is told
 * quickly to come back.
 */
const REQUESTS_PER_CONNECTION = 2;
/** The embedded database's one connection still serves a few requests at once (their non-database work overlaps). */
const MIN_REQUESTS_IN_PROGRESS = 4;

const isUpload = (request: FastifyRequest) => (request.headers["content-type"] ?? "").startsWith("multipart/form-data");

/**
 * Overload: the expensive work is shed first, what a browser needs to render never.
 * - While the event loop's mean delay is over OVERLOAD_EVENT_LOOP_DELAY_MS (the CPU is starved, so every request
 *   would wait longer than that), new requests answer 503 with Retry-After at once, before their body is read or
 *   anything is written, instead of piling up until clients time out; routes marked `rendersPage`, the web
 *   app's page for unknown paths and the calls a page needs to know who is signed in (`neverShed`: the session
 *   user, the identity provider's configuration) are still served.
 * - At most MAX_UPLOADS_IN_PROGRESS uploads at once; another waits its turn before its body is read, as long as
 *   for the database's, then answers 503.
 * - At most REQUESTS_PER_CONNECTION requests per database connection at work; others wait for a turn at most
 *   OVERLOAD_DATABASE_WAIT_MS, then answer 503. Shared copies are answered before this (plugins/app/response-cache.ts).
 * (Waiting for a database connection has its own bound: OVERLOAD_DATABASE_WAIT_MS, plugins/app/database.ts.)
 */
export default fp(
  async (app) => {
    const turns = new Turns(
      Math.max(MIN_REQUESTS_IN_PROGRESS, REQUESTS_PER_CONNECTION * app.database.poolSize),
      app.config.overload.databaseWaitMs,
    );
    // Uploads first take a turn of their own (their body is not read meanwhile), so an upload waiting for one
    // holds none of the turns every request needs.
    const uploads = new Turns(MAX_UPLOADS_IN_PROGRESS, app.config.overload.databaseWaitMs);
    app.addHook("onRequest", (request, reply, done) => {
      if (!isUpload(request)) return done();
      takeTurn(uploads, request, reply, done);
    });
    app.decorate("requestTurns", turns);
    app.addHook("onRequest", (request, reply, done) => {
      if (rendersPage(request)) return done();
      takeTurn(turns, request, reply, done);
    });

    const maxEventLoopDelay = app.config.overload.eventLoopDelayMs;
    if (maxEventLoopDelay === 0) return;
    await app.register(underPressure, {
      maxEventLoopDelay,
      // Sampled often enough that a starved process notices within a fraction of a second.
      sampleInterval: 250,
      // Returning nothing lets the request through; what a handler returns is sent (typed as returning nothing).
      pressureHandler: ((request: FastifyRequest, reply: FastifyReply) =>
        rendersPage(request) ? undefined : refuse(request, reply)) as never,
    });
  },
  { name: "under-pressure", dependencies: ["config", "database"] },
);

/**
 * Waits for one of the turns, then goes on with the request, or answers 503 once the wait is over. A client that
 * leaves while in line gives up its place; one that leaves later (or is answered) gives its turn back.
 */
function takeTurn(turns: Turns, request: FastifyRequest, reply: FastifyReply, done: () => void) {
  const turn = turns.take();
  let holding = false;
  let gone = false;
  // Listened for before the wait: the client may leave while it waits.
  reply.raw.once("close", () => {
    gone = true;
    if (holding) turns.give();
    else turn.leave();
  });
  turn.admitted.then((admitted) => {
    if (gone) {
      if (admitted) turns.give();
      return;
    }
    if (!admitted) return reply.send(refuse(request, reply));
    holding = true;
    done();
  });
}

/** 503 with Retry-After in the route's own error shape. */
function refuse(request: FastifyRequest, reply: FastifyReply) {
  const own = request.routeOptions.config.pressureHandler;
  return own ? own(request, reply) : overloaded(reply, errorBody(503, unavailableMessage("server")));
}

/**
 * A route marked `rendersPage`, or the web app's page for a path no route has, or what a page needs to know who is
 * signed in (`neverShed`): never turned away.
 */
const rendersPage = (request: FastifyRequest) => {
  const { rendersPage, neverShed } = request.routeOptions.config;
  if (rendersPage || (request.is404 && request.method === "GET")) return true;
  return typeof neverShed === "function" ? neverShed(request) : Boolean(neverShed);
};

/** A number of turns; a taker waits for one in order of arrival, at most `waitMs`, and may leave the line. */
export class Turns {
  private free: number;
  private readonly line: Array<(admitted: boolean) => void> = [];

  constructor(
    readonly size: number,
    private readonly waitMs: number,
  ) {
    this.free = size;
  }

  /** Turns taken and not yet given back. */
  get inUse() {
    return this.size - this.free;
  }

  /** Takers waiting in line. */
  get waiting() {
    return this.line.length;
  }

  /** A turn (true), or false after waiting `waitMs`; `leave()` gives up the place in line (answered false). */
  take(): { admitted: Promise<boolean>; leave: () => void } {
    if (this.free > 0) {
      this.free--;
      return { admitted: Promise.resolve(true), leave: () => {} };
    }
    let answer!: (admitted: boolean) => void;
    const admitted = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => answer(false), this.waitMs);
      answer = (value) => {
        clearTimeout(timer);
        const place = this.line.indexOf(answer);
        if (place >= 0) this.line.splice(place, 1);
        resolve(value);
      };
    });
    this.line.push(answer);
    return { admitted, leave: () => answer(false) };
  }

  give() {
    const next = this.line[0];
    if (next) next(true);
    else this.free++;
  }
}

/** 503 with Retry-After and the given body (under-pressure sends what a handler returns). */
export function overloaded(reply: FastifyReply, body: unknown) {
  reply.status(503).header("retry-after", RETRY_AFTER_SECONDS);
  return body;
}
