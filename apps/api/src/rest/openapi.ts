import {
  aboutSchema,
  adminChatbotResponseSchema,
  adminStatsSchema,
  chatbotFormSchema,
  chatbotResponseSchema,
  creatorPageFieldsSchema,
  listChatbotsSchema,
  nicknameSchema,
  socialLinksSchema,
  userResponseSchema,
} from "@gallery/schema";
import { z } from "zod";

/** Named schemas (those with a meta id) collected while describing operations, for components.schemas. */
const named: Record<string, object> = {};

/** JSON Schema of a Zod schema, as OpenAPI 3.1 takes it; named parts become component $refs. */
function json(schema: z.ZodType, io: "input" | "output" = "output"): object {
  const converted = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" });
  const {
    $defs,
    $schema: _,
    ...rest
  } = JSON.parse(JSON.stringify(converted).replaceAll('"#/$defs/', '"#/components/schemas/')) as {
    $defs?: Record<string, object>;
    $schema?: string;
    id?: string;
  };
  Object.assign(named, $defs ?? {});
  const id = (schema.meta() as { id?: string } | undefined)?.id;
  if (!id) return rest;
  // A root schema with an id comes back as a $ref into its own $defs; otherwise keep the body.
  if (!named[id]) {
    const { id: _id, ...body } = rest;
    named[id] = body;
  }
  return { $ref: `#/components/schemas/${id}` };
}

const errorBody = { $ref: "#/components/schemas/Error" };
const content = (schema: object) => ({ "application/json": { schema } });

type Method = "get" | "post" | "put" | "delete";
interface Operation {
  summary: string;
  tags: string[];
  auth?: "member" | "admin" | "super admin";
  params?: string[];
  query?: z.ZodObject;
  body?: object;
  multipart?: object;
  response?: object;
  status?: number;
}

const idParam = (name: string) => ({ name, in: "path", required: true, schema: { type: "string" } });
const ok = { type: "object", properties: { success: { type: "boolean" } } };
const chatbot = json(chatbotResponseSchema);
const chatbotList = { type: "array", items: chatbot };
const user = json(userResponseSchema);

/** The chatbot multipart form of spec section 7 plus its image file. */
const chatbotMultipart = (imageField: string) => {
  const schema = json(chatbotFormSchema, "input") as { properties: Record<string, object> };
  return { type: "object", properties: { ...schema.properties, [imageField]: { type: "string", format: "binary" } } };
};

/** Every /api call of the spec, described once. */
export const operations: Record<string, Partial<Record<Method, Operation>>> = {
  "/api/auth/verify": {
    post: {
      summary: "Verify an identity-provider ID token and start a session",
      tags: ["session"],
      body: { type: "object", required: ["idToken"], properties: { idToken: { type: "string" } } },
      response: user,
    },
  },
  "/api/auth/logout": { post: { summary: "End the session", tags: ["session"], response: ok } },
  "/api/auth/user": { get: { summary: "The signed-in user", tags: ["session"], auth: "member", response: user } },
  "/api/login": { get: { summary: "Login endpoint: redirects to /auth", tags: ["session"], status: 302 } },
  "/api/client-config": { get: { summary: "Identity-provider settings for the web app", tags: ["session"] } },
  "/api/health": { get: { summary: "Database and object storage health", tags: ["operations"] } },
  "/api/chatbots": {
    get: {
      summary: "The gallery, newest first (visitors get SFW only). Next page in the Link header.",
      tags: ["chatbots"],
      query: listChatbotsSchema,
      response: chatbotList,
    },
    post: {
      summary: "Create a listing",
      tags: ["chatbots"],
      auth: "member",
      multipart: chatbotMultipart("image"),
      response: chatbot,
      status: 201,
    },
  },
  "/api/chatbots/{id}": {
    put: {
      summary: "Change an own listing (only the fields sent)",
      tags: ["chatbots"],
      auth: "member",
      params: ["id"],
      multipart: chatbotMultipart("image"),
      response: chatbot,
    },
    delete: { summary: "Delete an own listing", tags: ["chatbots"], auth: "member", params: ["id"], response: ok },
  },
  "/api/user/chatbots": {
    get: {
      summary: "The caller's listings",
      tags: ["chatbots"],
      auth: "member",
      query: creatorPageFieldsSchema,
      response: chatbotList,
    },
  },
  "/api/series/{seriesName}/{creatorId}": {
    get: {
      summary: "A creator's series",
      tags: ["chatbots"],
      auth: "member",
      params: ["seriesName", "creatorId"],
      query: creatorPageFieldsSchema,
      response: chatbotList,
    },
  },
  "/api/users/{userId}": { get: { summary: "A public profile", tags: ["users"], params: ["userId"], response: user } },
  "/api/users/{userId}/chatbots": {
    get: { summary: "A creator's listings", tags: ["users"], params: ["userId"], response: chatbotList },
  },
  "/api/user/nickname": {
    put: {
      summary: "Change the nickname",
      tags: ["users"],
      auth: "member",
      body: { type: "object", properties: { nickname: json(nicknameSchema, "input") } },
      response: user,
    },
  },
  "/api/user/avatar": {
    put: {
      summary: "Upload an avatar (JPEG, PNG or WebP under 5 MB)",
      tags: ["users"],
      auth: "member",
      multipart: { type: "object", properties: { avatar: { type: "string", format: "binary" } } },
      response: user,
    },
  },
  "/api/user/about": {
    put: {
      summary: "Change the about text",
      tags: ["users"],
      auth: "member",
      body: { type: "object", properties: { about: json(aboutSchema, "input") } },
      response: user,
    },
  },
  "/api/user/social-media": {
    put: {
      summary: "Change the social links",
      tags: ["users"],
      auth: "member",
      body: json(socialLinksSchema, "input"),
      response: user,
    },
  },
  "/api/admin/stats": { get: { summary: "Counts", tags: ["admin"], auth: "admin", response: json(adminStatsSchema) } },
  "/api/admin/pending-users": {
    get: {
      summary: "Users waiting for approval",
      tags: ["admin"],
      auth: "admin",
      response: { type: "array", items: user },
    },
  },
  "/api/admin/approved-users": {
    get: { summary: "Approved users", tags: ["admin"], auth: "admin", response: { type: "array", items: user } },
  },
  "/api/admin/chatbots": {
    get: {
      summary: "Every listing with its creator's name and e-mail",
      tags: ["admin"],
      auth: "admin",
      response: { type: "array", items: json(adminChatbotResponseSchema) },
    },
  },
  "/api/admin/approve-user/{id}": {
    post: { summary: "Approve a pending user", tags: ["admin"], auth: "admin", params: ["id"] },
  },
  "/api/admin/reject-user/{id}": {
    delete: { summary: "Reject (delete) a pending user", tags: ["admin"], auth: "admin", params: ["id"] },
  },
  "/api/admin/chatbots/{id}": {
    put: {
      summary: "Change any listing",
      tags: ["admin"],
      auth: "admin",
      params: ["id"],
      multipart: chatbotMultipart("image"),
      response: chatbot,
    },
    delete: { summary: "Delete any listing", tags: ["admin"], auth: "admin", params: ["id"] },
  },
  "/api/admin/users/{id}": {
    delete: { summary: "Delete a user with their listings and images", tags: ["admin"], auth: "admin", params: ["id"] },
  },
  "/api/admin/users/{id}/make-admin": {
    post: { summary: "Grant admin rights", tags: ["admin"], auth: "super admin", params: ["id"] },
  },
  "/api/admin/users/{id}/remove-admin": {
    post: { summary: "Remove admin rights", tags: ["admin"], auth: "super admin", params: ["id"] },
  },
  "/api/admin/migrate-images": {
    post: {
      summary: "Move images held outside object storage into it",
      tags: ["admin"],
      auth: "super admin",
      response: { type: "object", properties: { migrated: { type: "integer" } } },
    },
  },
  "/api/admin/repair-images": {
    post: {
      summary: "Repair listings whose image is missing",
      tags: ["admin"],
      auth: "super admin",
      response: { type: "object", properties: { repaired: { type: "integer" }, total: { type: "integer" } } },
    },
  },
};

function queryParameters(schema: z.ZodObject) {
  const properties = (json(schema, "input") as { properties: Record<string, object> }).properties;
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: "query",
    required: false,
    schema: property,
  }));
}

function describeOperation(operation: Operation) {
  const status = String(operation.status ?? 200);
  const responses: Record<string, object> = {
    [status]: { description: "Success", ...(operation.response ? { content: content(operation.response) } : {}) },
    "400": { description: "Invalid input", content: content(errorBody) },
    "429": { description: "Too many requests", content: content(errorBody) },
  };
  if (operation.auth)
    responses["401"] = { description: "Not signed in (body says Unauthorized)", content: content(errorBody) };
  if (operation.auth === "admin" || operation.auth === "super admin") {
    responses["403"] = { description: `Requires ${operation.auth}`, content: content(errorBody) };
  }
  if (operation.multipart) responses["413"] = { description: "Image over 5 MB", content: content(errorBody) };
  return {
    summary: operation.summary,
    tags: operation.tags,
    ...(operation.auth ? { security: [{ session: [] }], description: `Requires: ${operation.auth}.` } : {}),
    parameters: [
      ...(operation.params ?? []).map(idParam),
      ...(operation.query ? queryParameters(operation.query) : []),
    ],
    ...(operation.body ? { requestBody: { required: true, content: content(operation.body) } } : {}),
    ...(operation.multipart
      ? { requestBody: { required: true, content: { "multipart/form-data": { schema: operation.multipart } } } }
      : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document of the REST adapter. */
export function openApiDocument() {
  const paths: Record<string, Record<string, object>> = {};
  for (const [path, methods] of Object.entries(operations)) {
    paths[path] = {};
    for (const [method, operation] of Object.entries(methods)) paths[path][method] = describeOperation(operation);
  }
  const schemas: Record<string, object> = {
    Error: { type: "object", required: ["message"], properties: { message: { type: "string" } } },
    ...named,
  };
  return {
    openapi: "3.1.0",
    info: {
      title: "Chatbot Gallery REST API",
      version: "1.0.0",
      description:
        "The /api calls of the product. Every call sends cookies; errors are { message }. Writes from another origin are refused.",
    },
    paths,
    components: {
      schemas,
      securitySchemes: { session: { type: "apiKey", in: "cookie", name: "sid" } },
    },
  };
}
