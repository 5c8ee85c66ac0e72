import fp from "fastify-plugin";
import { imageAccess } from "../../domain/images/references.js";

/**
 * GET /images/{key}: streams a stored image with long-lived cache headers (keys are content hashes).
 * Who may see a key is the images module's and the viewer policy's answer: an image used only by
 * NSFW listings is never sent to a visitor.
 */
export default fp(
  async (app) => {
    app.get<{ Params: { "*": string } }>("/images/*", async (request, reply) => {
      const key = request.params["*"];
      const access = await imageAccess(app.database.db, key, () => request.currentUser());
      if (access === "missing") return reply.status(404).send({ message: "Not Found" });
      if (access === "hidden") return reply.status(401).send({ message: "Unauthorized" });

      const object = await app.storage.get(key);
      if (!object) return reply.status(404).send({ message: "Not Found" });
      return reply
        .header("Cache-Control", `${access.shared ? "public" : "private"}, max-age=31536000, immutable`)
        .header("ETag", `"${object.etag}"`)
        .header("Content-Length", object.size)
        .type(object.contentType)
        .send(object.stream);
    });
  },
  { name: "images", dependencies: ["database", "storage", "current-user"] },
);
