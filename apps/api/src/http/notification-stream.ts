import {
  NOTIFICATION_STREAM_EVENT,
  NOTIFICATION_STREAM_PATH,
  NOTIFICATION_STREAMS_PER_MEMBER,
  NOTIFICATION_TEXTS,
} from "@gallery/schema";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errors } from "./docs.js";
import { errorStatuses } from "./routes.js";

/** The route's path under the /api prefix. */
const PATH = NOTIFICATION_STREAM_PATH.slice("/api".length);

const events = z.string().meta({
  description:
    `Server-sent events (text/event-stream; a browser's EventSource reads them): \`retry: 5000\` first, then ` +
    `\`event: ${NOTIFICATION_STREAM_EVENT}\` with \`data: {"unread": N}\` (the caller's unread count, as GET ` +
    "/api/user/notifications/unread-count answers it) on connect and whenever it changes, and a comment line " +
    "(`: ping`) every 25 s so proxies keep the connection open.",
  example: `retry: 5000\n\nevent: ${NOTIFICATION_STREAM_EVENT}\ndata: {"unread":3}\n\n: ping\n\n`,
});

/**
 * GET /api/user/notifications/stream (issue 38 §3): the caller's unread count, live. No call behind it (a stream, not
 * one answer), so it is declared here by hand, documented like the calls; the streams themselves are kept by the
 * notifications plugin (plugins/app/notifications.ts). Never a turn of the overload guard's (plugins/external/
 * under-pressure.ts): a stream would keep its turn for as long as the tab is open and starve every other request;
 * its own work is one count per change. Opened with an API token, it counts against the token's reads.
 */
export const notificationStreamRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    PATH,
    {
      config: { access: "member", scope: "read", limit: "read", neverShed: true },
      schema: {
        operationId: "streamNotifications",
        summary: "The caller's unread notification count, live (server-sent events)",
        description:
          "One connection per tab: it stays open, and the browser's EventSource reconnects after `retry` when it " +
          `drops. At most ${NOTIFICATION_STREAMS_PER_MEMBER} at once per member on one server (the next is 429 ` +
          `'${NOTIFICATION_TEXTS.tooManyStreams}'). No notification is sent by e-mail.`,
        tags: ["members"],
        response: {
          200: {
            description: "The stream: it stays open until the client closes it or the server stops.",
            content: { "text/event-stream": { schema: events } },
          },
          ...errors(...errorStatuses({ method: "GET", input: false, access: "member", scope: "read" })),
        },
      },
    },
    (request, reply) => app.notificationStreams.open(request, reply),
  );
};
