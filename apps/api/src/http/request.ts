import { IMAGE_MAX_BYTES } from "@gallery/schema";
import type { onRouteHookHandler, preValidationAsyncHookHandler } from "fastify";
import { type RequiredScope, requireTokenScope } from "../domain/members/api-tokens.js";
import { requireMember, requireModerator, requirePublisher, requireSuperAdmin, type Viewer } from "../domain/policy.js";
import { ONE_FILE_PER_FIELD, ONE_FILE_PER_REQUEST, type Upload } from "../domain/upload.js";

/**
 * What one multipart request may carry: a file of at most 5 MB (a second file part is let through only so the
 * reader can say which rule it breaks: one file per field, one per request) and a few text fields.
 */
export const MULTIPART_LIMITS = { fileSize: IMAGE_MAX_BYTES, files: 2, fields: 20, fieldSize: 100_000, parts: 25 };

/** Who may call a route, checked with the viewer policy before its input is validated or its body read. */
export type Access = "member" | "publisher" | "moderator" | "superAdmin";

const POLICY: Record<Access, (viewer: Viewer) => unknown> = {
  member: requireMember,
  publisher: requirePublisher,
  moderator: requireModerator,
  superAdmin: requireSuperAdmin,
};

function accessCheck(access: Access): preValidationAsyncHookHandler {
  return async (request) => {
    POLICY[access](await request.currentUser());
  };
}

function scopeCheck(scope: RequiredScope): preValidationAsyncHookHandler {
  return async (request) => {
    requireTokenScope(await request.apiToken(), scope);
  };
}

const unsupportedMediaType = () => Object.assign(new Error("Expected a multipart/form-data body"), { statusCode: 415 });
const badRequest = (message: string) => Object.assign(new Error(message), { statusCode: 400 });

/** The boundary parameter of a multipart Content-Type (quoted or not), or null when there is none. */
const BOUNDARY = /;\s*boundary\s*=\s*(?:"([^"]*)"|([^;]*))/i;
const malformed = (cause?: unknown) =>
  Object.assign(new Error("Malformed multipart body", cause === undefined ? {} : { cause }), { statusCode: 400 });

/**
 * Whether the Content-Type names a boundary of 1 to 70 characters, not all white space (RFC 2046). Found by the form
 * fuzz test (issue 36): with an empty one @fastify/busboy never ends a body longer than one chunk, so the request
 * would wait for ever.
 */
function hasBoundary(contentType: string | undefined): boolean {
  const match = BOUNDARY.exec(contentType ?? "");
  const boundary = (match?.[1] ?? match?.[2] ?? "").trim();
  return boundary.length > 0 && boundary.length <= 70;
}

/**
 * Reads a multipart body whole into `request.body` (text fields as strings, the file as an Upload),
 * so the route's Zod schema validates it like any other body. Sizes are limited by the multipart plugin.
 */
const readMultipart: preValidationAsyncHookHandler = async (request) => {
  if (!request.isMultipart()) throw unsupportedMediaType();
  if (!hasBoundary(request.headers["content-type"])) throw malformed();
  const body: Record<string, string | Upload> = {};
  let fileField: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        if (fileField !== undefined) {
          throw badRequest(part.fieldname === fileField ? ONE_FILE_PER_FIELD : ONE_FILE_PER_REQUEST);
        }
        fileField = part.fieldname;
        const bytes = await part.toBuffer();
        // An empty file input still sends a part; treat it as "no file".
        if (bytes.length > 0) body[part.fieldname] = { bytes, filename: part.filename, mimetype: part.mimetype };
      } else {
        body[part.fieldname] = typeof part.value === "string" ? part.value : String(part.value);
      }
    }
  } catch (error) {
    // Size limits keep their own status (413); a body the parser cannot read is the client's mistake.
    if ((error as { statusCode?: number }).statusCode) throw error;
    throw malformed(error);
  }
  request.body = body;
};

const asArray = <T>(hooks: T | T[] | undefined): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/**
 * Before validation, in this order: an API token's scope, the access check (a visitor's upload is refused before
 * it is read), then a multipart body (routes whose schema consumes multipart/form-data) is read into `request.body`.
 */
export const addRequestHooks: onRouteHookHandler = (route) => {
  const before: preValidationAsyncHookHandler[] = [];
  // Every token may read: only a change, a moderator's call or a session-only call checks the scope.
  if (route.config?.scope && route.config.scope !== "read") before.push(scopeCheck(route.config.scope));
  if (route.config?.access) before.push(accessCheck(route.config.access));
  if (route.schema?.consumes?.includes("multipart/form-data")) before.push(readMultipart);
  if (before.length > 0) route.preValidation = [...before, ...asArray(route.preValidation)] as never;
};
