import fp from "fastify-plugin";
import { createIdentityProvider } from "../../services/identity.js";

/** Firebase Authentication through firebase-admin (the emulator when FIREBASE_AUTH_EMULATOR_HOST is set). */
export default fp(
  async (app) => {
    const identity = createIdentityProvider(app.config);
    app.addHook("onClose", () => identity.close());
    app.decorate("identity", identity);
  },
  { name: "identity", dependencies: ["config"] },
);
