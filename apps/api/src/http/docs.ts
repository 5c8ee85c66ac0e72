import type { FastifyDynamicSwaggerOptions } from "@fastify/swagger";
import { ERROR_CODES, type ErrorCode } from "@gallery/schema";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ErrorStatus } from "../calls/call.js";
import { SESSION_COOKIE } from "../services/session-store.js";

/** The session cookie as the OpenAPI security scheme of every route that needs a session. */
export const SESSION_SCHEME = "session";
/** A personal API token (`Authorization: Bearer cgt_...`) as the security scheme beside the cookie. */
export const BEARER_SCHEME = "bearerAuth";

export const errorSchema = z
  .object({
    message: z.string().meta({ description: "What went wrong, for a person to read." }),
    code: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]).meta({
      description:
        "What went wrong, for a program: `invalid_input` (400), `unauthorized` or `invalid_token` (401), " +
        "`forbidden` (403), `not_found` (404), `conflict` (409), `payload_too_large` (413), " +
        "`unsupported_media_type` (415), `rate_limited` (429), `internal_error` (500), `unavailable` (503).",
    }),
    field: z
      .string()
      .optional()
      .meta({
        description:
          "For a 400 whose input fails its schema: the value that is wrong, as a path (`title`, `tags.2`, " +
          "`socialMedia.twitter`; a path or query parameter by its name).",
      }),
  })
  .meta({
    id: "Error",
    description:
      "Every error answer. A 401 says Unauthorized (`unauthorized`), or Invalid or expired API token for a Bearer " +
      "token (`invalid_token`). tRPC carries the same `code` as `error.data.errorCode` and the `field` as " +
      "`error.data.field`.",
  });

/** What each error status means on this api (the response's description). */
const ERROR_STATUSES: Record<ErrorStatus, string> = {
  400: "Invalid input: the message names the first problem, `field` the value that is wrong.",
  401:
    "Not signed in, or the session has ended: the message is Unauthorized. A Bearer token that is wrong, tampered " +
    "with, expired or revoked: the message is Invalid or expired API token.",
  403:
    "Signed in, but the account may not do this (not approved, not an admin, not the owner), or the API token's " +
    "scope does not allow this call.",
  404: "Not found, or not visible to the caller.",
  409: "Conflicts with the current state (e.g. a nickname already taken).",
  413:
    "The image is 5 MB or larger (Image size must be less than 5MB.), or a JSON body is over 1 MB (Request body too " +
    "large), or a form has too many fields or parts.",
  415: "The body's Content-Type is not the call's: application/json, or multipart/form-data for an upload.",
  429: "Too many requests (writes, and any call with an API token): the message says when to try again.",
  500: "Something failed unexpectedly (Internal Server Error), or the work failed: the message says what, never how.",
  503: "The database or the object storage is temporarily unavailable; try again shortly.",
};

/** The error answers a route gives, each `{ message }`. */
export function errors<S extends ErrorStatus>(...statuses: S[]): Record<S, typeof errorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorSchema])) as Record<S, typeof errorSchema>;
}

/** The RFC 8288 Link header of a paged list. */
const LINK_HEADER = {
  Link: {
    type: "string",
    description:
      'The next page, when there is one: `</api/...?cursor=...>; rel="next"` (RFC 8288). The body stays a JSON array.',
  },
};

type Transform = NonNullable<FastifyDynamicSwaggerOptions["transform"]>;

/**
 * Each /api route's Zod schemas as OpenAPI (fastify-type-provider-zod), plus what its options say:
 * the session cookie or an API token as its security requirement when it needs one (a token optional otherwise), a description
 * for every status, and the Link header on paged lists. Routes outside /api are left out.
 */
export const openApiTransform: Transform = (document) => {
  const { route, url } = document;
  if (!url.startsWith("/api/") || !document.schema || document.schema.hide) return { schema: { hide: true }, url };
  const { schema } = jsonSchemaTransform(document as never) as unknown as {
    schema: Record<string, unknown> & { response?: Record<string, Record<string, unknown>> };
  };
  // A call's route also takes a personal API token; a public one is open to anyone, a token making it a member's read.
  const bearer = route.config?.scope && route.config.scope !== "session" ? [{ [BEARER_SCHEME]: [] }] : [];
  if (route.config?.access) schema.security = [{ [SESSION_SCHEME]: [] }, ...bearer];
  else schema.security = bearer.length > 0 ? [{}, ...bearer] : [];
  for (const [status, response] of Object.entries(schema.response ?? {})) {
    const description = ERROR_STATUSES[Number(status) as ErrorStatus];
    if (description) schema.response![status] = { ...response, description };
  }
  const ok = schema.response?.["200"];
  if (route.config?.paged && ok) ok.headers = LINK_HEADER;
  return { schema, url };
};

type TransformObject = NonNullable<FastifyDynamicSwaggerOptions["transformObject"]>;

/**
 * The named schemas (Zod `.meta({ id })`) as components, keeping only those the operations use (the type provider
 * emits an input and an output variant of each), in name order.
 */
export const openApiTransformObject: TransformObject = (input) => {
  const document = jsonSchemaTransformObject(input as never) as {
    components?: { schemas?: Record<string, unknown> };
  };
  const schemas = document.components?.schemas ?? {};
  const used = new Set<string>();
  const visit = (value: unknown) => {
    for (const [, name] of JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      if (name && !used.has(name)) {
        used.add(name);
        visit(schemas[name]);
      }
    }
  };
  visit({ ...document, components: { ...document.components, schemas: {} } });
  // By name, so the document does not depend on the order in which modules happened to declare them.
  if (document.components) {
    document.components.schemas = Object.fromEntries(
      Object.keys(schemas)
        .filter((name) => used.has(name))
        .sort()
        .map((name) => [name, schemas[name]]),
    );
  }
  return document as ReturnType<TransformObject>;
};

/** The document's own parts: who it is for, where it is served, how to get a session. */
const openApiDocument = {
  openapi: "3.1.0",
  info: {
    title: "Chatbot Gallery REST API",
    version: "1.0.0",
    description:
      'The /api calls of the gallery. Errors are `{ "message": "...", "code": "...", "field": "..." }`: `code` ' +
      "is one of a fixed list (the Error schema) for a program to branch on, `field` names the wrong value of a 400. " +
      "Paged lists answer a JSON array " +
      'and link the next page in a `Link: <...>; rel="next"` header. Writes from another origin are refused; ' +
      "writes and sign-ins are rate limited (429). Pictures in answers (`imageUrl`, `thumbnailUrl`, `avatarUrl`, ...) " +
      "are absolute URLs on the site's public address.\n\n" +
      "**Public read API.** Any website or tool may read the public calls from a browser: " +
      "`GET /api/chatbots`, `GET /api/chatbots/tags`, `GET /api/chatbots/{id}`, `GET /api/users/{userId}` and " +
      "`GET /api/users/{userId}/chatbots`, and the images of SFW listings, answer " +
      "`Access-Control-Allow-Origin: *` and expose the `Link`, `Retry-After` and `X-RateLimit-*` headers. " +
      "No credentials are sent or accepted, so " +
      "such a caller is a visitor: SFW listings only. A request that adds its own headers (e.g. `Authorization`) " +
      "is preceded by the browser's preflight (`OPTIONS`), which these paths allow for GET. Every other call " +
      "sends no CORS headers.\n\n" +
      "Paging through the gallery: request the first page, then follow each answer's `Link` header until there is none:\n\n" +
      "```js\n" +
      'let url = "https://gallery.example/api/chatbots?limit=100";\n' +
      "while (url) {\n" +
      "  const response = await fetch(url);\n" +
      "  for (const chatbot of await response.json()) console.log(chatbot.title);\n" +
      '  const next = /<([^>]+)>;\\s*rel="next"/.exec(response.headers.get("Link") ?? "");\n' +
      "  url = next ? new URL(next[1], url).href : null;\n" +
      "}\n" +
      "```",
    license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
  },
  servers: [{ url: "/", description: "This server (paths start with /api)." }],
  components: {
    securitySchemes: {
      [SESSION_SCHEME]: {
        type: "apiKey",
        in: "cookie",
        name: SESSION_COOKIE,
        description:
          "The server session. To obtain it, sign in with the identity provider (Firebase Authentication) and " +
          'send its ID token to `POST /api/auth/verify` as `{ "idToken": "..." }`: the answer sets the ' +
          `\`${SESSION_COOKIE}\` cookie (HttpOnly). \`POST /api/auth/logout\` ends it.`,
      },
      [BEARER_SCHEME]: {
        type: "http",
        scheme: "bearer",
        description:
          "A personal API token, created on the dashboard's API tokens card and sent as " +
          "`Authorization: Bearer cgt_...`. It acts as its member within its scope: `read` (reads, as that member " +
          "sees them), `write` (also every member's change) or `admin` (also moderators' calls, for moderators). " +
          "A change beyond the scope is 403; a wrong, expired or revoked token is 401. Requests with a token are " +
          "not subject to the cookie's origin check and have their own rate limit (429).",
      },
    },
  },
  tags: [
    { name: "session", description: "Signing in and out, the current user, client settings." },
    { name: "chatbots", description: "The gallery and the caller's own listings." },
    { name: "users", description: "Public profiles and the caller's own profile." },
    { name: "members", description: "The caller's saved listings (favourites) and followed creators." },
    { name: "admin", description: "Moderation (admins) and rights and image tools (super admins)." },
    { name: "operations", description: "Health." },
  ],
} as const;

/** @fastify/swagger's options: the document built from the routes registered after it (dynamic mode). */
export const swaggerOptions: FastifyDynamicSwaggerOptions = {
  openapi: openApiDocument as never,
  hideUntagged: true,
  transform: openApiTransform,
  transformObject: openApiTransformObject,
};
