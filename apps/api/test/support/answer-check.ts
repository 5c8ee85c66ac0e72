// Every REST answer of a documented call checked against its documented schema for that status (issue 37 item 4):
// a test-only onSend hook on each test app (support/app.ts) validates the body each /api route sends (JSON from a
// handler, an error, or a page PostgreSQL wrote as JSON text, http/pagination.ts) with Ajv against the app's own
// OpenAPI document, which openapi.test.ts proves is the committed one. A mismatch does not change the answer: it is
// recorded, and the test that caused it fails after it ends (support/answer-check-setup.ts), naming the call,
// the status and what differs.
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { FastifyInstance } from "fastify";

interface Operation {
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, object> };
}

const mismatches: string[] = [];

/** The mismatches found since the last call (support/answer-check-setup.ts fails the test with them). */
export function takeMismatches(): string[] {
  return mismatches.splice(0, mismatches.length);
}

function validators(document: Document) {
  // Not strict: OpenAPI's own keywords (description, example) and formats like `binary` are not JSON Schema's.
  const ajv = new Ajv2020({ strict: false, logger: false });
  (addFormats as unknown as (ajv: Ajv2020) => void)(ajv);
  const defs = JSON.parse(
    JSON.stringify(document.components?.schemas ?? {}).replaceAll('"#/components/schemas/', '"#/$defs/'),
  );
  const cache = new Map<string, ValidateFunction | null>();
  return (path: string, method: string, status: number) => {
    const key = `${method} ${path} ${status}`;
    if (!cache.has(key)) {
      const schema = document.paths[path]?.[method]?.responses[String(status)]?.content?.["application/json"]?.schema;
      const own = schema ? JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"#/$defs/')) : null;
      cache.set(key, own ? ajv.compile({ ...own, $defs: defs }) : null);
    }
    return cache.get(key);
  };
}

/** Adds the check to an app before it is ready. */
export function checkAnswersAgainstDocument(app: FastifyInstance) {
  let document: Document | undefined;
  let validatorOf: ReturnType<typeof validators> | undefined;
  app.addHook("onSend", (request, reply, payload, done) => {
    const url = request.routeOptions.url;
    const method = request.method.toLowerCase();
    if (!url?.startsWith("/api/") || method === "head" || method === "options") return done(null, payload);
    document ??= app.swagger() as unknown as Document;
    const path = url.replace(/:(\w+)/g, "{$1}");
    const operation = document.paths[path]?.[method];
    // Served for people and tools (the document itself, its page), not a documented call.
    if (!operation) return done(null, payload);
    const status = reply.statusCode;
    // A conditional GET answered from the client's copy: no body (HTTP's own mechanics).
    if (status === 304) return done(null, payload);
    const call = `${request.method} ${path}`;
    if (!operation.responses[String(status)]) {
      mismatches.push(`${call} answered ${status}, a status its document does not list`);
      return done(null, payload);
    }
    validatorOf ??= validators(document);
    const validate = validatorOf(path, method, status);
    const encoding = String(reply.getHeader("content-encoding") ?? "identity");
    const text =
      encoding !== "identity"
        ? null
        : typeof payload === "string"
          ? payload
          : Buffer.isBuffer(payload)
            ? `${payload}`
            : null;
    // A compressed body (a stream, or a shared copy kept compressed) is not read here; an answer without JSON content
    // (a redirect) has no schema.
    if (!validate || text === null) return done(null, payload);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      mismatches.push(`${call} ${status}: the body is not JSON: ${text.slice(0, 120)}`);
      return done(null, payload);
    }
    if (!validate(body)) {
      const problems = (validate.errors ?? []).map((error) => `${error.instancePath || "/"} ${error.message}`);
      mismatches.push(`${call} ${status} does not match its document: ${problems.join("; ")}`);
    }
    done(null, payload);
  });
}
