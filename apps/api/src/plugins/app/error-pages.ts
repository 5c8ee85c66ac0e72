import negotiate from "@fastify/accept-negotiator";
import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import vary from "vary";
import { siteOrigin } from "../../http/site-origin.js";
import { indexTemplate, placeholderHead } from "../../services/page-head.js";

/** A browser's navigation prefers HTML; `fetch`, curl (`*\/*`), an <img> and API clients do not ask for it first. */
export const prefersPage = (request: FastifyRequest) =>
  negotiate(request.headers.accept ?? "", ["application/json", "text/html"]) === "text/html";

/**
 * Error pages as pages of the app: a JSON refusal of a route marked `errorPage`, asked for by a browser's
 * navigation, is sent as the built index.html (its head filled and not indexed) with the refusal's status.
 */
export default fp(
  async (app) => {
    const index = app.webIndexHtml;
    if (!index) return;
    const page = indexTemplate(index);

    app.addHook("onSend", async (request, reply, payload) => {
      const errorPage = request.routeOptions.config.errorPage;
      if (!errorPage || reply.statusCode < 400) return payload;
      // The same URL answers JSON to an API client: caches keep the two apart.
      reply.header("vary", vary.append(String(reply.getHeader("vary") ?? ""), "accept"));
      if (!prefersPage(request) || !String(reply.getHeader("content-type")).startsWith("application/json")) {
        return payload;
      }
      const path = request.url.split("?")[0] ?? "/";
      const kind = typeof errorPage === "function" ? errorPage(request) : errorPage;
      const head = placeholderHead(siteOrigin(request), path, reply.statusCode === 401 ? "sign-in" : kind);
      reply.header("content-type", "text/html; charset=utf-8").removeHeader("content-length");
      return page(head);
    });
  },
  { name: "error-pages", dependencies: ["web", "config"] },
);
