import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { absoluteImageUrls } from "../../domain/images/absolute-urls.js";
import { siteOrigin } from "../../http/site-origin.js";

const TRPC_ROUTE = "/trpc/:path";
const isJson = (contentType: unknown) => String(contentType ?? "").startsWith("application/json");

/**
 * Every JSON answer of the REST and tRPC calls names its images by absolute URL, on PUBLIC_URL else the
 * request's origin (as the heads, feeds and sitemap do): the one place where the read model's image paths
 * (domain/images/absolute-urls.ts) meet the address. Registered before the response cache, so a shared copy
 * already holds them: copies are kept per address (protocol, host and path), so one origin's copy never
 * answers another. A copy being served again (it says its `Age`) is already absolute.
 */
export default fp(
  async (app) => {
    app.addHook("onSend", async (request, reply, payload) => {
      if (!isCallAnswer(request) || reply.hasHeader("age")) return payload;
      // tRPC answers with a web Response: its body is rewritten as it streams (JSON, or JSON lines).
      if (payload instanceof Response) return absoluteResponse(payload, siteOrigin(request));
      if (typeof payload !== "string" || !isJsonReply(reply)) return payload;
      return absoluteImageUrls(payload, siteOrigin(request));
    });
  },
  { name: "absolute-image-urls", dependencies: ["config"] },
);

function isCallAnswer(request: FastifyRequest) {
  const route = request.routeOptions.url;
  return route !== undefined && (route === TRPC_ROUTE || route.startsWith("/api/"));
}

const isJsonReply = (reply: FastifyReply) =>
  !reply.hasHeader("content-encoding") && isJson(reply.getHeader("content-type"));

function absoluteResponse(response: Response, origin: string): Response {
  if (!response.body || !isJson(response.headers.get("content-type"))) return response;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  const body = response.body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(wholeLines((text) => absoluteImageUrls(text, origin)))
    .pipeThrough(new TextEncoderStream());
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/** Text passed on in whole lines (a JSON string never holds a raw line break, so no match spans two). */
function wholeLines(map: (text: string) => string) {
  let rest = "";
  return new TransformStream<string, string>({
    transform(chunk, controller) {
      const text = rest + chunk;
      const end = text.lastIndexOf("\n") + 1;
      rest = text.slice(end);
      if (end > 0) controller.enqueue(map(text.slice(0, end)));
    },
    flush(controller) {
      if (rest) controller.enqueue(map(rest));
    },
  });
}
