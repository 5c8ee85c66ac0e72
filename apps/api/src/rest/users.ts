import type { FastifyInstance } from "fastify";
import { callerFor, readMultipart } from "./adapter.js";
import { queryNumber, sendPage } from "./pagination.js";

type Body = Record<string, unknown> | undefined;

export async function usersRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { userId: string } }>(
    "/users/:userId",
    { config: { procedures: ["users.byId"] } },
    async (request, reply) => {
      const api = await callerFor(request, reply);
      return api.users.byId({ userId: request.params.userId });
    },
  );

  app.get<{ Params: { userId: string }; Querystring: { limit?: string; cursor?: string } }>(
    "/users/:userId/chatbots",
    { config: { procedures: ["users.byId", "chatbots.byUser"] } },
    async (request, reply) => {
      const api = await callerFor(request, reply);
      // A creator's listings follow the gallery's rules (visitors get SFW only), a page at a time.
      await api.users.byId({ userId: request.params.userId });
      const page = await api.chatbots.byUser({
        userId: request.params.userId,
        limit: queryNumber(request.query.limit) ?? 100,
        cursor: request.query.cursor || undefined,
      });
      return sendPage(request, reply, page);
    },
  );

  app.put<{ Body: Body }>("/user/nickname", async (request, reply) => {
    const api = await callerFor(request, reply);
    return api.users.updateNickname({ nickname: request.body?.nickname as string });
  });

  app.put<{ Body: Body }>("/user/about", async (request, reply) => {
    const api = await callerFor(request, reply);
    return api.users.updateAbout({ about: request.body?.about as string });
  });

  app.put<{ Body: Body }>("/user/social-media", async (request, reply) => {
    const api = await callerFor(request, reply);
    return api.users.updateSocialLinks((request.body ?? {}) as never);
  });

  app.put("/user/avatar", async (request, reply) => {
    const api = await callerFor(request, reply);
    // Visitors are turned away before their upload is read.
    await api.auth.user();
    const { file } = await readMultipart(request);
    return api.users.updateAvatar({ file });
  });
}
