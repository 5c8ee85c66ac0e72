import { chatbotFormSchema } from "@gallery/schema";
import type { FastifyInstance } from "fastify";
import { callerFor, readMultipart } from "./adapter.js";
import { queryNumber, sendPage } from "./pagination.js";

type IdParams = { Params: { id: string } };

/** Spec section 7, Admin: the paths map one to one onto `admin.*` procedures. */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  app.get("/admin/stats", async (request, reply) => (await callerFor(request, reply)).admin.stats());

  app.get("/admin/pending-users", async (request, reply) => (await callerFor(request, reply)).admin.pendingUsers());

  app.get("/admin/approved-users", async (request, reply) => (await callerFor(request, reply)).admin.approvedUsers());

  app.get<{ Querystring: { limit?: string; cursor?: string } }>("/admin/chatbots", async (request, reply) => {
    const api = await callerFor(request, reply);
    const page = await api.admin.chatbots({
      limit: queryNumber(request.query.limit),
      cursor: request.query.cursor || undefined,
    });
    return sendPage(request, reply, page);
  });

  app.post<IdParams>("/admin/approve-user/:id", async (request, reply) =>
    (await callerFor(request, reply)).admin.approveUser({ id: request.params.id }),
  );

  app.delete<IdParams>("/admin/reject-user/:id", async (request, reply) =>
    (await callerFor(request, reply)).admin.rejectUser({ id: request.params.id }),
  );

  app.put<IdParams>("/admin/chatbots/:id", async (request, reply) => {
    const { fields, file } = await readMultipart(request);
    const api = await callerFor(request, reply);
    return api.admin.updateChatbot({ id: request.params.id, fields: chatbotFormSchema.parse(fields), image: file });
  });

  app.delete<IdParams>("/admin/chatbots/:id", async (request, reply) =>
    (await callerFor(request, reply)).admin.deleteChatbot({ id: request.params.id }),
  );

  app.delete<IdParams>("/admin/users/:id", async (request, reply) =>
    (await callerFor(request, reply)).admin.deleteUser({ id: request.params.id }),
  );

  app.post<IdParams>("/admin/users/:id/make-admin", async (request, reply) =>
    (await callerFor(request, reply)).admin.makeAdmin({ id: request.params.id }),
  );

  app.post<IdParams>("/admin/users/:id/remove-admin", async (request, reply) =>
    (await callerFor(request, reply)).admin.removeAdmin({ id: request.params.id }),
  );

  app.post("/admin/migrate-images", async (request, reply) => (await callerFor(request, reply)).admin.migrateImages());

  app.post("/admin/repair-images", async (request, reply) => (await callerFor(request, reply)).admin.repairImages());
}
