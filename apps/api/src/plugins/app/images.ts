import { sql } from "@gallery/db";
import fp from "fastify-plugin";

const IMAGE_KEY = /^(chatbots|thumbnails|avatars)\/[a-f0-9]{64}\.webp$/;

/**
 * GET /images/{key}: streams a stored image with long-lived cache headers (keys are content hashes).
 * An image used only by NSFW listings is never sent to a visitor.
 */
export default fp(
  async (app) => {
    app.get<{ Params: { "*": string } }>("/images/*", async (request, reply) => {
      const key = request.params["*"];
      if (!IMAGE_KEY.test(key)) return reply.status(404).send({ message: "Not Found" });

      let visibility = "public";
      if (!key.startsWith("avatars/")) {
        const usage = await sql<{ nsfwOnly: boolean | null }>`
          SELECT bool_and(nsfw) AS nsfw_only FROM chatbots WHERE image_key = ${key} OR thumbnail_key = ${key}`
          .execute(app.database.db)
          .then((result) => result.rows[0]?.nsfwOnly ?? null);
        if (usage === null) return reply.status(404).send({ message: "Not Found" });
        if (usage) {
          if (!(await request.currentUser())) return reply.status(401).send({ message: "Unauthorized" });
          visibility = "private";
        }
      }

      const object = await app.storage.get(key);
      if (!object) return reply.status(404).send({ message: "Not Found" });
      return reply
        .header("Cache-Control", `${visibility}, max-age=31536000, immutable`)
        .header("ETag", `"${object.etag}"`)
        .header("Content-Length", object.size)
        .type(object.contentType)
        .send(object.stream);
    });
  },
  { name: "images", dependencies: ["database", "storage", "current-user"] },
);
