import helmet from "@fastify/helmet";
import fp from "fastify-plugin";

/** Security headers and a content security policy the web app itself passes. */
export default fp(
  async (app) => {
    const { firebase } = app.config;
    const emulator = firebase.emulatorUrl ? [firebase.emulatorUrl] : [];
    await app.register(helmet, {
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
  },
  { name: "helmet", dependencies: ["config"] },
);
