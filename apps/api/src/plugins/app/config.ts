import fp from "fastify-plugin";
import type { Config } from "../../config.js";

export default fp<{ config: Config }>(
  async (app, { config }) => {
    app.decorate("config", config);
  },
  { name: "config" },
);
