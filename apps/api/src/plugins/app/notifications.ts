import type { ServerResponse } from "node:http";
import { NOTIFICATION_STREAMS_PER_MEMBER, NOTIFICATION_TEXTS } from "@gallery/schema";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { TooManyError } from "../../domain/errors.js";
import { countUnread, purgeOldNotifications } from "../../domain/members/notifications.js";
import { requireMember } from "../../domain/policy.js";
import { repeatWhileOpen } from "./repeat.js";

/** A comment line this often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;
/** How often the embedded database is asked for new notifications while a stream is open (it has no LISTEN). */
const EMBEDDED_POLL_MS = 1000;
const HOUR_MS = 60 * 60 * 1000;

interface Stream {
  memberId: string;
  response: ServerResponse;
  /** The last count sent (a recount that finds the same sends nothing). */
  sent: number | undefined;
  /** A recount is running or due: wakes meanwhile are folded into it. */
  counting: Promise<void> | undefined;
  again: boolean;
}

/** What the /api route of the live stream opens (http/notification-stream.ts). */
export interface NotificationStreams {
  /** Answers the request with the caller's stream (429 past NOTIFICATION_STREAMS_PER_MEMBER of theirs). */
  open(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

/**
 * GET /api/user/notifications/stream (issue 38 §3; the route in http/notification-stream.ts): the signed-in member's unread count as server-sent events,
 * `event: unread` with `{"unread": N}`, on connect and whenever their notifications change (a new one, one marked
 * read). One connection per tab; at most NOTIFICATION_STREAMS_PER_MEMBER per member on this instance (the next is
 * 429). Changes by any instance arrive through the database's change feed (NOTIFICATIONS_CHANNEL, the LISTEN
 * connection the shared copies use; PostgreSQL); the embedded database, written by this process alone, is asked for
 * new rows every second while a stream is open. Streams end when the client goes and before the server closes
 * (preClose), so a rolling restart is not held up by open streams: the browser's EventSource reconnects to another
 * replica after `retry`.
 * Also the purge: notifications older than NOTIFICATION_KEEP_DAYS are deleted after start-up and hourly, in bounded
 * batches (domain/members/notifications.ts `purgeOldNotifications`).
 */
export default fp(
  async (app) => {
    repeatWhileOpen(app, HOUR_MS, "notification purge failed", () => purgeOldNotifications(app.database.db));

    const byMember = new Map<string, Set<Stream>>();
    let open = 0;

    const write = (stream: Stream, text: string) => {
      if (!stream.response.writableEnded && !stream.response.destroyed) stream.response.write(text);
    };

    const recount = (stream: Stream): Promise<void> => {
      if (stream.counting) {
        stream.again = true;
        return stream.counting;
      }
      stream.counting = (async () => {
        do {
          stream.again = false;
          try {
            const unread = await countUnread(app.database.db, stream.memberId);
            if (unread !== stream.sent) {
              stream.sent = unread;
              write(stream, `event: unread\ndata: ${JSON.stringify({ unread })}\n\n`);
            }
          } catch (error) {
            app.log.warn({ err: error }, "notification stream: the unread count failed");
          }
        } while (stream.again && !stream.response.writableEnded);
        stream.counting = undefined;
      })();
      return stream.counting;
    };

    const wake = (recipients: string[] | "*") => {
      const targets = recipients === "*" ? [...byMember.keys()] : recipients;
      for (const memberId of targets) for (const stream of byMember.get(memberId) ?? []) void recount(stream);
    };
    app.databaseChanges.onNotifications(wake);

    // The embedded database: no other writer and no LISTEN, so new rows are looked for while a stream is open.
    if (app.database.kind === "pglite") {
      // The newest notification already looked at: from start-up on, so one written as a stream opens is not missed.
      let lastId: string | undefined;
      let polling: Promise<void> | undefined;
      const poll = async () => {
        if (lastId === undefined) {
          const row = await app.database.db
            .selectFrom("notifications")
            .select((eb) => eb.fn.max("id").as("max"))
            .executeTakeFirst();
          lastId = String(row?.max ?? 0);
        }
        if (open === 0) return;
        const rows = await app.database.db
          .selectFrom("notifications")
          .select(["id", "recipientId"])
          .where("id", ">", lastId)
          .orderBy("id")
          .limit(1000)
          .execute();
        if (rows.length === 0) return;
        lastId = String(rows[rows.length - 1]?.id);
        wake([...new Set(rows.map((row) => row.recipientId))]);
      };
      app.addHook("onReady", async () => {
        await poll();
      });
      const timer = setInterval(() => {
        polling ??= poll()
          .catch((error) => app.log.warn({ err: error }, "notification stream: looking for new ones failed"))
          .finally(() => {
            polling = undefined;
          });
      }, EMBEDDED_POLL_MS);
      timer.unref();
      app.addHook("onClose", async () => {
        clearInterval(timer);
        await polling;
      });
    }

    const end = (stream: Stream) => {
      const streams = byMember.get(stream.memberId);
      if (!streams?.delete(stream)) return;
      open -= 1;
      if (streams.size === 0) byMember.delete(stream.memberId);
      if (!stream.response.writableEnded) stream.response.end();
    };

    // Before the server stops taking requests: an open stream would hold its close up.
    app.addHook("preClose", async () => {
      for (const streams of [...byMember.values()]) for (const stream of [...streams]) end(stream);
    });

    // The route itself is declared with the /api routes (http/notification-stream.ts), which document it; it opens
    // the stream here. The caller is a member by then (the route's access check).
    app.decorate("notificationStreams", {
      open: async (request: FastifyRequest, reply: FastifyReply) => {
        const user = requireMember(await request.currentUser());
        const streams = byMember.get(user.id) ?? new Set<Stream>();
        if (streams.size >= NOTIFICATION_STREAMS_PER_MEMBER) throw new TooManyError(NOTIFICATION_TEXTS.tooManyStreams);
        const stream: Stream = {
          memberId: user.id,
          response: reply.raw,
          sent: undefined,
          counting: undefined,
          again: false,
        };
        streams.add(stream);
        byMember.set(user.id, streams);
        open += 1;

        reply.hijack();
        reply.raw.writeHead(200, {
          "content-type": "text/event-stream; charset=utf-8",
          "cache-control": "private, no-store",
          connection: "keep-alive",
          // nginx and the like must pass each event on as it comes.
          "x-accel-buffering": "no",
        });
        write(stream, "retry: 5000\n\n");
        const heartbeat = setInterval(() => write(stream, ": ping\n\n"), HEARTBEAT_MS);
        heartbeat.unref();
        reply.raw.on("close", () => {
          clearInterval(heartbeat);
          end(stream);
        });
        await recount(stream);
      },
    });
  },
  { name: "notifications", dependencies: ["database", "current-user"] },
);
