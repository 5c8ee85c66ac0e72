import { pageOf } from "@gallery/schema";
import type { z } from "zod";
import type { RequiredScope } from "../domain/members/api-tokens.js";
import type { Viewer, ViewerFact } from "../domain/policy.js";
import type { Audience } from "../services/response-cache.js";
import type { CallContext } from "./context.js";

/**
 * Who may make a call, checked with the viewer policy before its input is read: everyone, a signed-in member,
 * an approved member (may publish), a moderator (admin or super admin), a super admin.
 */
export type Access = "public" | "member" | "publisher" | "moderator" | "superAdmin";

/**
 * Who may be handed one copy of a read's answer (plugins/app/response-cache.ts), and why that is safe: the
 * audiences (`by`), and the facts of the viewer's value (domain/policy.ts ViewerFacts) the answer depends on
 * within them (`facts`), whose viewerKey keys the copy; left out, every fact (only a viewer alike in everything,
 * the same member in practice, is handed it). test/viewer-keys.test.ts checks every declaration: viewers whose
 * keys are equal get equal answers.
 */
export interface Sharing extends SharedBy {
  why: string;
}
/** What the response cache reads of a sharing declaration (a REST route's config, a procedure's meta). */
export interface SharedBy {
  by: readonly Audience[];
  facts?: readonly ViewerFact[];
  /**
   * The answer shows reviews' helpful marks (counts or order): a mark given or taken back (change kind `helpful`)
   * drops its copies. Left out, a mark leaves them (every other change of a review drops every copy).
   */
  helpfulMarks?: true;
}

/** A member's own answers (`what` makes them theirs): a copy is kept for their session cookie alone, never shared. */
export const ownCopy = (what: string): Sharing => ({
  by: ["self"],
  why: `${what}: a copy is kept for their session cookie alone.`,
});

/**
 * What a call counts against, per minute, on REST and tRPC alike (calls/limits.ts, one count in
 * PostgreSQL shared by every instance): `signIn` per client address (RATE_LIMIT_SIGNIN); `write` per member over
 * their browser session and all of their API tokens together, a visitor per address (RATE_LIMIT_WRITES); `read`
 * nothing for a session or a visitor, and per member for calls made with any of their API tokens
 * (RATE_LIMIT_API_TOKEN). Left out: a mutation is a `write`, a query a `read` (`limitOf`).
 */
export type Limit = "signIn" | "write" | "read";

/** The error statuses a REST route may answer, each `{ message, code, field? }` (described in http/docs.ts). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 503;

type Schema = z.ZodType | undefined;
type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** A spec /api path answering a call: the route's method and path, its documentation, how its request maps in. */
export interface RestRoute<
  Input,
  Params extends Schema = Schema,
  Query extends Schema = Schema,
  Body extends Schema = Schema,
> {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** Under /api, in Fastify's form: `/chatbots/:id`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: "session" | "chatbots" | "users" | "members" | "admin";
  /** Path parameters, query string and body (JSON, or multipart fields with `multipart`). */
  params?: Params;
  query?: Query;
  body?: Body;
  multipart?: boolean;
  /** The call's input from the request's parts; left out, the parts merged (body, then query, then params). */
  input?: (parts: { params: Parsed<Params>; query: Parsed<Query>; body: Parsed<Body> }) => Input;
  /**
   * Error statuses besides those the call implies (http/routes.ts `errorStatuses`: 400/413/415 for input and bodies,
   * 401/403 for access, 429 for limits, 500, 503): what its domain may refuse, as 404 or 409.
   */
  errors?: ErrorStatus[];
  /** 201 for a create. */
  status?: 200 | 201;
  /** Readable from any origin without credentials (plugins/app/public-read-cors.ts). */
  publicRead?: boolean;
}

/** A REST route, its parts' types inferred (the call checks what `input` makes of them). */
export const rest = <
  Params extends Schema = undefined,
  Query extends Schema = undefined,
  Body extends Schema = undefined,
  Input = never,
>(
  route: RestRoute<Input, Params, Query, Body>,
) => route;

/**
 * One operation, declared once: its access, input and output schemas, whether its answer may be shared, the
 * domain function it runs, and the spec's /api path that answers it. The tRPC procedure (trpc/procedures.ts)
 * and the REST route with its OpenAPI (http/routes.ts) are both made from this.
 */
export interface Call<In extends z.ZodType | undefined, Out extends z.ZodType, Kind extends "query" | "mutation"> {
  kind: Kind;
  access: Access;
  /** The input as tRPC takes it (JSON, or FormData); its output is what `run` receives. */
  input: In;
  /**
   * The answer, checked before tRPC sends it. A paged call answers `pageOf(item)`: `{ items, nextCursor }` over
   * tRPC, the items as an array with the next page in a Link header over REST.
   */
  output: Out;
  paged?: boolean;
  sharing?: Sharing;
  /** What the call counts against (`Limit`); left out, as its kind says. */
  limit?: Limit;
  /** For a browser session alone: refused to a personal API token (managing tokens). */
  sessionOnly?: true;
  /**
   * What a page needs to know who is signed in (the session user, the identity provider's configuration): never
   * turned away under pressure (plugins/external/under-pressure.ts), or a signed-in member's page is drawn as a
   * visitor's. Cheap by nature; the database's own bounds still apply.
   */
  neverShed?: true;
  /**
   * What the call does: a domain function `fn(deps, viewer, input)`, named as it is (`run: listFavorites`), given the
   * call's context as its deps and the caller (`ctx.user`) as its viewer.
   */
  run: (ctx: CallContext, viewer: Viewer, input: InputOf<In>) => Promise<z.input<Out>>;
  // biome-ignore lint/suspicious/noExplicitAny: the parts' schemas are the route's own (see rest())
  rest?: RestRoute<InputOf<In>, any, any, any>;
}

export type InputOf<In> = In extends z.ZodType ? z.output<In> : undefined;
// biome-ignore lint/suspicious/noExplicitAny: any call, whatever its schemas
export type AnyCall = Call<any, z.ZodType, "query" | "mutation">;

/**
 * The scope a personal API token needs for a call, decided here once from its declaration: moderators' calls
 * need admin, every other change write, every other read read; a session-only call refuses tokens.
 */
export function scopeOf(call: AnyCall): RequiredScope {
  if (call.sessionOnly) return "session";
  if (call.access === "moderator" || call.access === "superAdmin") return "admin";
  return call.kind === "mutation" ? "write" : "read";
}

/** The tRPC paths (`router.procedure`) of the calls never shed: a batch of only these is never turned away. */
export function neverShedPaths(records: Record<string, Record<string, AnyCall>>): ReadonlySet<string> {
  return new Set(
    Object.entries(records).flatMap(([router, record]) =>
      Object.entries(record).flatMap(([name, call]) => (call.neverShed ? [`${router}.${name}`] : [])),
    ),
  );
}

/** The limit a call counts against: its declaration's, else a mutation's is `write` and a query's `read`. */
export const limitOf = (call: AnyCall): Limit => call.limit ?? (call.kind === "mutation" ? "write" : "read");

/** A read. */
export function query<Out extends z.ZodType, In extends z.ZodType | undefined = undefined>(
  declaration: Omit<Call<In, Out, "query">, "kind" | "input"> & { input?: In },
): Call<In, Out, "query"> {
  return { ...declaration, kind: "query", input: declaration.input as In };
}

/** A change. */
export function mutation<Out extends z.ZodType, In extends z.ZodType | undefined = undefined>(
  declaration: Omit<Call<In, Out, "mutation">, "kind" | "input"> & { input?: In },
): Call<In, Out, "mutation"> {
  return { ...declaration, kind: "mutation", input: declaration.input as In };
}

/** One page of a list as tRPC answers it (declared with the list inputs' fields in the schema's paging.ts). */
export { pageOf };
export type PageSchema = ReturnType<typeof pageOf>;
