/**
 * The breaking changes between two versions of the OpenAPI document: what would make a client written against
 * the previous one fail, to compile or at run time. oasdiff (a Go binary) is not available here, and the npm
 * candidates did not fit: openapi-diff reads OpenAPI 3.0 only (it refuses 3.1.0, and this document's 3.1 schemas
 * fail its 3.0 validation), @useoptic/optic (211 MB, telemetry) crashes on start under Node 20 with its own
 * dependencies, and @pb33f/openapi-changes downloads a binary when installed. So this is the smallest honest
 * checker over what this document uses (paths, operations, parameters, JSON and multipart bodies, responses,
 * `type`, `properties`, `required`, `items`, `anyOf`, `enum`, `additionalProperties`, bounds, security):
 *
 * - an operation removed, or a success response of one removed;
 * - a request that the new document refuses though the old one accepted it: a new required parameter or body
 *   field, a parameter or field removed from a closed object, a type or enum value no longer accepted, a bound
 *   tightened, a session now needed;
 * - a response that the old document's client cannot read: a field removed or no longer always there, a type the
 *   old document did not allow (a value that may now be null).
 *
 * Each change is one line, `<METHOD> <path> <where>: <what>`, so apps/api/openapi/approved-changes.json can
 * approve it by that exact text, with a reason.
 */

type Json = Record<string, unknown>;
type Schema = Json;
export interface OpenApi {
  paths: Record<string, Record<string, Json>>;
  components?: { schemas?: Record<string, Schema> };
}

const METHODS = ["get", "put", "post", "delete", "patch"];

/** Every break from `previous` to `current`, sorted. */
export function breakingChanges(previous: OpenApi, current: OpenApi): string[] {
  const breaks = new Set<string>();
  for (const [path, operations] of Object.entries(previous.paths)) {
    for (const method of METHODS) {
      const before = operations[method];
      if (!before) continue;
      const call = `${method.toUpperCase()} ${path}`;
      const after = current.paths[path]?.[method];
      if (!after) {
        breaks.add(`${call}: operation removed`);
        continue;
      }
      const compare = new Comparison(previous, current, (where, what) => breaks.add(`${call} ${where}: ${what}`));
      compare.operation(before, after);
    }
  }
  return [...breaks].sort();
}

/** Which way a value travels: the client sends it (request) or reads it (response). */
type Direction = "request" | "response";

class Comparison {
  private readonly seen = new Set<string>();
  constructor(
    private readonly previous: OpenApi,
    private readonly current: OpenApi,
    private readonly report: (where: string, what: string) => void,
  ) {}

  operation(before: Json, after: Json) {
    this.parameters(before, after);
    this.requestBody(before.requestBody as Json | undefined, after.requestBody as Json | undefined);
    this.responses(before.responses as Record<string, Json>, after.responses as Record<string, Json>);
    const needsSession = (operation: Json) =>
      ((operation.security as Array<Json> | undefined) ?? []).length > 0 &&
      !((operation.security as Array<Json>) ?? []).some((requirement) => Object.keys(requirement).length === 0);
    if (!needsSession(before) && needsSession(after)) this.report("security", "credentials now required");
  }

  private parameters(before: Json, after: Json) {
    const list = (operation: Json) =>
      new Map(
        ((operation.parameters as Json[] | undefined) ?? []).map((parameter) => [
          `${parameter.in}.${parameter.name}`,
          parameter,
        ]),
      );
    const old = list(before);
    const now = list(after);
    for (const [name, parameter] of now) {
      const was = old.get(name);
      if (!was && parameter.required) this.report(`parameter ${name}`, "new required parameter");
      else if (was && parameter.required && !was.required) this.report(`parameter ${name}`, "became required");
      if (was) this.schema(was.schema as Schema, parameter.schema as Schema, `parameter ${name}`, "request");
    }
    // A path parameter cannot be left out; a query parameter removed is ignored (Zod drops unknown keys).
    for (const name of old.keys()) {
      if (name.startsWith("path.") && !now.has(name)) this.report(`parameter ${name}`, "path parameter removed");
    }
  }

  private requestBody(before: Json | undefined, after: Json | undefined) {
    if (!after) return;
    if (!before) {
      if (after.required) this.report("request body", "a body is now required");
      return;
    }
    const oldContent = (before.content ?? {}) as Record<string, Json>;
    const newContent = (after.content ?? {}) as Record<string, Json>;
    for (const [type, media] of Object.entries(oldContent)) {
      const now = newContent[type];
      if (!now) this.report(`request body ${type}`, "media type no longer accepted");
      else this.schema(media.schema as Schema, now.schema as Schema, `request ${type}`, "request");
    }
  }

  private responses(before: Record<string, Json>, after: Record<string, Json>) {
    for (const [status, response] of Object.entries(before)) {
      const now = after[status];
      if (!now) {
        // An error status no longer documented breaks nobody; a success the client handles does.
        if (Number(status) < 400) this.report(`response ${status}`, "response removed");
        continue;
      }
      const oldContent = (response.content ?? {}) as Record<string, Json>;
      const newContent = (now.content ?? {}) as Record<string, Json>;
      for (const [type, media] of Object.entries(oldContent)) {
        const current = newContent[type];
        if (!current) this.report(`response ${status} ${type}`, "media type removed");
        else this.schema(media.schema as Schema, current.schema as Schema, `response ${status}`, "response");
      }
      const oldHeaders = Object.keys((response.headers ?? {}) as Json);
      const newHeaders = (now.headers ?? {}) as Json;
      for (const header of oldHeaders) {
        if (!(header in newHeaders)) this.report(`response ${status} header ${header}`, "header removed");
      }
    }
  }

  /** A schema with its $ref followed (in its own document), or undefined. */
  private resolve(schema: Schema | undefined, document: OpenApi): Schema | undefined {
    let resolved = schema;
    for (let hops = 0; resolved?.$ref && hops < 20; hops++) {
      const name = String(resolved.$ref).replace("#/components/schemas/", "");
      resolved = document.components?.schemas?.[name];
    }
    return resolved;
  }

  /** The JSON types a schema allows (`integer` counted as a number), anyOf's alternatives included. */
  private types(schema: Schema | undefined, document: OpenApi): Set<string> {
    const resolved = this.resolve(schema, document);
    const types = new Set<string>();
    if (!resolved) return types;
    const own = resolved.type === undefined ? [] : [resolved.type].flat();
    for (const type of own as string[]) types.add(type === "integer" ? "number" : type);
    if (resolved.const === null || (Array.isArray(resolved.enum) && resolved.enum.includes(null))) types.add("null");
    for (const alternative of (resolved.anyOf ?? resolved.oneOf ?? []) as Schema[]) {
      for (const type of this.types(alternative, document)) types.add(type);
    }
    // No type at all: any value (e.g. z.unknown()).
    if (own.length === 0 && !resolved.anyOf && !resolved.oneOf && !resolved.enum && resolved.const === undefined) {
      types.add("any");
    }
    return types;
  }

  /** The object alternative of a schema (itself, or its one object anyOf alternative), resolved. */
  private objectOf(schema: Schema | undefined, document: OpenApi): Schema | undefined {
    const resolved = this.resolve(schema, document);
    if (!resolved) return undefined;
    if (resolved.properties) return resolved;
    const objects = ((resolved.anyOf ?? resolved.oneOf ?? []) as Schema[])
      .map((alternative) => this.objectOf(alternative, document))
      .filter((alternative) => alternative !== undefined);
    return objects.length === 1 ? objects[0] : undefined;
  }

  private itemsOf(schema: Schema | undefined, document: OpenApi): Schema | undefined {
    const resolved = this.resolve(schema, document);
    if (!resolved) return undefined;
    if (resolved.items) return resolved.items as Schema;
    const arrays = ((resolved.anyOf ?? resolved.oneOf ?? []) as Schema[])
      .map((alternative) => this.itemsOf(alternative, document))
      .filter((items) => items !== undefined);
    return arrays.length === 1 ? arrays[0] : undefined;
  }

  private enumOf(schema: Schema | undefined, document: OpenApi): unknown[] | undefined {
    const resolved = this.resolve(schema, document);
    if (!resolved) return undefined;
    if (Array.isArray(resolved.enum)) return resolved.enum;
    if (resolved.const !== undefined) return [resolved.const];
    const alternatives = (resolved.anyOf ?? resolved.oneOf) as Schema[] | undefined;
    if (!alternatives) return undefined;
    const values: unknown[] = [];
    for (const alternative of alternatives) {
      const own = this.enumOf(alternative, document);
      // An alternative that is not an enum (a free string) makes the whole open.
      if (!own) {
        if (this.types(alternative, document).has("null") && this.types(alternative, document).size === 1) {
          values.push(null);
          continue;
        }
        return undefined;
      }
      values.push(...own);
    }
    return values;
  }

  schema(before: Schema | undefined, after: Schema | undefined, where: string, direction: Direction) {
    if (!before || !after) return;
    // Recursive shapes: compare each pair of named schemas once per direction.
    const key = `${direction} ${JSON.stringify(before.$ref ?? before)} ${JSON.stringify(after.$ref ?? after)} ${where}`;
    if ((before.$ref || after.$ref) && this.seen.has(key)) return;
    this.seen.add(key);
    const oldTypes = this.types(before, this.previous);
    const newTypes = this.types(after, this.current);
    const [narrow, wide] = direction === "request" ? [newTypes, oldTypes] : [oldTypes, newTypes];
    if (!narrow.has("any")) {
      const gained = [...wide].filter((type) => !narrow.has(type) && !(type === "number" && narrow.has("integer")));
      if (gained.length > 0) {
        this.report(
          where,
          direction === "request"
            ? `no longer accepts ${gained.join(", ")}`
            : `may now be ${gained.join(", ")} (was ${[...oldTypes].join(", ")})`,
        );
      }
    }
    this.enums(before, after, where, direction);
    if (direction === "request") this.bounds(before, after, where);
    const oldObject = this.objectOf(before, this.previous);
    const newObject = this.objectOf(after, this.current);
    if (oldObject && newObject) this.object(oldObject, newObject, where, direction);
    const oldItems = this.itemsOf(before, this.previous);
    const newItems = this.itemsOf(after, this.current);
    if (oldItems && newItems) this.schema(oldItems, newItems, `${where}[]`, direction);
  }

  private enums(before: Schema, after: Schema, where: string, direction: Direction) {
    const oldValues = this.enumOf(before, this.previous);
    const newValues = this.enumOf(after, this.current);
    // A request: every value the old document accepted must still be accepted. A response: an open value that
    // became a closed set reads fine; a new value of a closed set is left to the client (as oasdiff's default).
    if (direction !== "request" || !oldValues) return;
    if (!newValues) return;
    const removed = oldValues.filter((value) => !newValues.includes(value));
    if (removed.length > 0) this.report(where, `no longer accepts ${removed.map((v) => JSON.stringify(v)).join(", ")}`);
  }

  private bounds(before: Schema, after: Schema, where: string) {
    const oldResolved = this.resolve(before, this.previous) ?? {};
    const newResolved = this.resolve(after, this.current) ?? {};
    for (const bound of ["maximum", "maxLength", "maxItems"]) {
      const was = oldResolved[bound] as number | undefined;
      const now = newResolved[bound] as number | undefined;
      if (now !== undefined && (was === undefined || now < was)) this.report(where, `${bound} lowered to ${now}`);
    }
    for (const bound of ["minimum", "minLength", "minItems"]) {
      const was = oldResolved[bound] as number | undefined;
      const now = newResolved[bound] as number | undefined;
      if (now !== undefined && (was === undefined || now > was)) this.report(where, `${bound} raised to ${now}`);
    }
    if (newResolved.pattern !== undefined && newResolved.pattern !== oldResolved.pattern) {
      this.report(where, `pattern changed to ${newResolved.pattern}`);
    }
  }

  private object(before: Schema, after: Schema, where: string, direction: Direction) {
    const oldProperties = (before.properties ?? {}) as Record<string, Schema>;
    const newProperties = (after.properties ?? {}) as Record<string, Schema>;
    const oldRequired = new Set((before.required ?? []) as string[]);
    const newRequired = new Set((after.required ?? []) as string[]);
    const closed = (schema: Schema) => schema.additionalProperties === false;
    if (direction === "response") {
      for (const [name, schema] of Object.entries(oldProperties)) {
        const now = newProperties[name];
        if (!now) this.report(`${where}.${name}`, "property removed");
        else {
          if (oldRequired.has(name) && !newRequired.has(name)) this.report(`${where}.${name}`, "no longer always sent");
          this.schema(schema, now, `${where}.${name}`, direction);
        }
      }
      // A field added to an answer breaks no client (the output schemas say additionalProperties: false only
      // because Zod's output is exact), so it needs no approval.
      return;
    }
    for (const [name, schema] of Object.entries(newProperties)) {
      const was = oldProperties[name];
      if (!was) {
        if (newRequired.has(name)) this.report(`${where}.${name}`, "new required property");
      } else {
        if (newRequired.has(name) && !oldRequired.has(name)) this.report(`${where}.${name}`, "became required");
        this.schema(was, schema, `${where}.${name}`, direction);
      }
    }
    if (closed(after)) {
      for (const name of Object.keys(oldProperties)) {
        if (!(name in newProperties)) this.report(`${where}.${name}`, "property removed from a closed object");
      }
    }
  }
}

/** An intended break, approved with the reason it is worth breaking clients for. */
export interface ApprovedChange {
  change: string;
  reason: string;
}

/** The breaks nobody approved, and the approvals that match no break (to be removed). */
export function unapprovedChanges(breaks: string[], approved: ApprovedChange[]) {
  const approvedTexts = new Set(approved.map((entry) => entry.change));
  return {
    unapproved: breaks.filter((change) => !approvedTexts.has(change)),
    unused: approved.filter((entry) => !breaks.includes(entry.change)).map((entry) => entry.change),
  };
}
