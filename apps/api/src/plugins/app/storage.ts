import fp from "fastify-plugin";
import { createObjectStorage } from "../../services/storage.js";

/** S3-compatible object storage (S3_ENDPOINT) or the embedded local S3 server. */
export default fp(
  async (app) => {
    const { s3, dataDir } = app.config;
    const storage = await createObjectStorage({ ...s3, dataDir });
    app.addHook("onClose", () => storage.close());
    app.decorate("storage", storage);
  },
  { name: "storage", dependencies: ["config"] },
);
