import { type ChatbotFields, chatbotFormSchema, type Platform } from "@gallery/schema";
import type { FastifyInstance } from "fastify";
import { callerFor, readMultipart } from "./adapter.js";
import { queryBoolean, queryNumber, sendPage } from "./pagination.js";

interface PageQuery {
  limit?: string;
  cursor?: string;
}

interface ListQuery extends PageQuery {
  search?: string;
  platform?: string;
  nsfw?: string;
}

/** limit and cursor from a query string (absent ones take the procedure's defaults). */
const pageInput = (query: PageQuery) => ({ limit: queryNumber(query.limit), cursor: query.cursor || undefined });

/** The gallery's filters from a query string. */
export function listInput(query: ListQuery) {
  return {
    search: query.search || undefined,
    platform: (query.platform || undefined) as Platform | undefined,
    nsfw: queryBoolean(query.nsfw),
    ...pageInput(query),
  };
}

export async function chatbotsRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: ListQuery }>(
    "/chatbots",
    { config: { procedures: ["chatbots.list"] } },
    async (request, reply) => {
      const api = await callerFor(request, reply);
      return sendPage(request, reply, await api.chatbots.list(listInput(request.query)));
    },
  );

  app.post("/chatbots", async (request, reply) => {
    const { fields, file } = await readMultipart(request);
    const api = await callerFor(request, reply);
    const created = await api.chatbots.create({
      // The procedure validates the fields (e.g. a missing title).
      fields: chatbotFormSchema.parse(fields) as ChatbotFields,
      image: file,
    });
    return reply.status(201).send(created);
  });

  app.put<{ Params: { id: string } }>("/chatbots/:id", async (request, reply) => {
    const { fields, file } = await readMultipart(request);
    const api = await callerFor(request, reply);
    return api.chatbots.update({ id: request.params.id, fields: chatbotFormSchema.parse(fields), image: file });
  });

  app.delete<{ Params: { id: string } }>("/chatbots/:id", async (request, reply) => {
    const api = await callerFor(request, reply);
    return api.chatbots.delete({ id: request.params.id });
  });

  app.get<{ Querystring: PageQuery }>("/user/chatbots", async (request, reply) => {
    const api = await callerFor(request, reply);
    return sendPage(request, reply, await api.chatbots.mine(pageInput(request.query)));
  });

  app.get<{ Params: { seriesName: string; creatorId: string }; Querystring: PageQuery }>(
    "/series/:seriesName/:creatorId",
    { config: { procedures: ["chatbots.series"] } },
    async (request, reply) => {
      const api = await callerFor(request, reply);
      return sendPage(request, reply, await api.chatbots.series({ ...request.params, ...pageInput(request.query) }));
    },
  );
}
