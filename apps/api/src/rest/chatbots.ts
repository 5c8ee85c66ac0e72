import { type ChatbotFields, chatbotFormSchema, type Platform } from "@gallery/schema";
import type { FastifyInstance } from "fastify";
import { callerFor, readMultipart } from "./adapter";
import { queryBoolean, queryNumber, sendPage } from "./pagination";

interface ListQuery {
  search?: string;
  platform?: string;
  nsfw?: string;
  limit?: string;
  cursor?: string;
}

/** The gallery's filters from a query string. */
export function listInput(query: ListQuery) {
  return {
    search: query.search || undefined,
    platform: (query.platform || undefined) as Platform | undefined,
    nsfw: queryBoolean(query.nsfw),
    limit: queryNumber(query.limit),
    cursor: query.cursor || undefined,
  };
}

export async function chatbotsRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: ListQuery }>("/chatbots", async (request, reply) => {
    const api = await callerFor(request, reply);
    return sendPage(request, reply, await api.chatbots.list(listInput(request.query)));
  });

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

  app.get("/user/chatbots", async (request, reply) => {
    const api = await callerFor(request, reply);
    return api.chatbots.mine();
  });

  app.get<{ Params: { seriesName: string; creatorId: string } }>(
    "/series/:seriesName/:creatorId",
    async (request, reply) => {
      const api = await callerFor(request, reply);
      return api.chatbots.series(request.params);
    },
  );
}
