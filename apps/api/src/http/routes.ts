import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { type AnyCall, type ErrorStatus, limitOf, type PageSchema, type RestRoute, scopeOf } from "../calls/call.js";
import { callContext } from "../calls/context.js";
import { calls } from "../calls/index.js";
import { errors } from "./docs.js";
import { sendPage } from "./pagination.js";
import type { Access } from "./request.js";

/** The object without its undefined entries. */
const defined = <T extends object>(object: T): T =>
  Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as T;

/**
 * Every error status a route can answer: what its call implies, and what its declaration adds (404, 409, ...).
 * Also used by the hand-written routes, so no route's list is restated by hand.
 */
export function errorStatuses(route: {
  method: string;
  /** Whether the request carries input that is validated (path, query or body). */
  input: boolean;
  /** Who may call it: the four statuses of credentials follow from it. */
  access: "public" | "member" | "publisher" | "moderator" | "superAdmin" | "none";
  scope?: "read" | "write" | "admin" | "session";
  multipart?: boolean;
  errors?: readonly ErrorStatus[];
}): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(route.errors);
  const write = route.method !== "GET";
  // A body is read on every write: JSON that does not parse is 400, one over the limit 413, another type 415.
  if (route.input || write) statuses.add(400);
  if (write || route.multipart) statuses.add(413).add(415);
  if (route.access !== "none") {
    // Any call answers 401 to a bad API token (or to no session where one is needed).
    statuses.add(401);
    // 403: a role or ownership, a token whose scope is too small, or a write from another origin.
    const narrowed = route.access !== "public" && route.access !== "member";
    if (write || narrowed || (route.scope !== undefined && route.scope !== "read")) statuses.add(403);
    // Sign-in and writes are rate limited, and reads made with an API token (calls/call.ts `Limit`).
    statuses.add(429);
  }
  // Anything unexpected is a 500 without internals; a service down or a busy server 503 with Retry-After.
  statuses.add(500).add(503);
  return [...statuses].sort();
}

/** The error statuses of a call's route. */
const callErrorStatuses = (call: AnyCall, route: RestRoute<unknown>) =>
  errorStatuses({
    method: route.method,
    input: Boolean(route.params || route.query || route.body),
    access: call.access,
    scope: scopeOf(call),
    multipart: route.multipart,
    errors: route.errors,
  });

/** The request's parts as the call's input: the declaration's mapping, else the parts merged. */
function inputOf(route: RestRoute<unknown>, request: FastifyRequest): unknown {
  const parts = { params: request.params, query: request.query, body: request.body } as never;
  if (route.input) return route.input(parts);
  if (!route.params && !route.query && !route.body) return undefined;
  return { ...(request.body as object), ...(request.query as object), ...(request.params as object) };
}

/**
 * The spec's /api paths: one Fastify route for each call that declares one (calls/), its Zod schemas being its
 * validation and its OpenAPI (plugins/external/swagger.ts), its access checked before the input is read
 * (http/request.ts), its answer shared as the call says. The handler runs the call with the same context as tRPC.
 */
export function registerCallRoutes(app: FastifyInstance) {
  for (const record of Object.values(calls)) {
    for (const call of Object.values(record) as AnyCall[]) {
      const route = call.rest;
      if (!route) continue;
      const output = call.paged ? z.array((call.output as PageSchema).shape.items.element) : call.output;
      app.route({
        method: route.method,
        url: route.path,
        config: defined({
          access: call.access === "public" ? undefined : (call.access as Access),
          scope: scopeOf(call),
          // Counted before anything else, against the same budget as its tRPC procedure (plugins/external/rate-limit.ts).
          limit: limitOf(call),
          sharedBy: call.sharing,
          paged: call.paged,
          publicRead: route.publicRead,
          neverShed: call.neverShed,
        }),
        // Only the parts a route has (Fastify warns of a part given as undefined).
        schema: defined({
          operationId: route.operationId,
          summary: route.summary,
          description: route.description,
          tags: [route.tag],
          params: route.params,
          querystring: route.query,
          body: route.body,
          consumes: route.multipart ? ["multipart/form-data"] : undefined,
          response: { [route.status ?? 200]: output, ...errors(...callErrorStatuses(call, route)) },
        }),
        handler: async (request: FastifyRequest, reply: FastifyReply) => {
          const ctx = await callContext(request);
          const result = await call.run(ctx, ctx.user, inputOf(route, request));
          if (call.paged) return sendPage(request, reply, result as { items: unknown[]; nextCursor: string | null });
          return reply.status(route.status ?? 200).send(result);
        },
      });
    }
  }
}
