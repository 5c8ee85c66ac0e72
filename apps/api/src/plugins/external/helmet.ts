import type { IncomingMessage, ServerResponse } from "node:http";
import fp from "fastify-plugin";
import helmet, { type HelmetOptions } from "helmet";

/**
 * The headers helmet sets for these options, computed once: helmet writes the same headers on every
 * response, and @fastify/helmet would rebuild its middleware (the policy included) per request.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/** Security headers and a content security policy the web app itself passes, on every response. */
export default fp(
  async (app) => {
    const { firebase } = app.config;
    const emulator = firebase.emulatorUrl ? [firebase.emulatorUrl] : [];
    const headers = helmetHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", "https://apis.google.com"],
          // Radix positions popovers with inline style attributes.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", "data:", "blob:", "https:"],
          connectSrc: [
            "'self'",
            "https://identitytoolkit.googleapis.com",
            "https://securetoken.googleapis.com",
            ...emulator,
          ],
          frameSrc: [`https://${firebase.authDomain}`, "https://apis.google.com", ...emulator],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: app.config.isProduction ? [] : null,
        },
      },
      // Google sign-in popups need to talk back to the opener.
      crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
      hsts: app.config.isProduction,
    });
    app.addHook("onRequest", (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: "helmet", dependencies: ["config"] },
);
