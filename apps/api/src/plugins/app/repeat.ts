import type { FastifyInstance } from "fastify";

/**
 * Runs `work` off the request path once the app is ready and every `everyMs` after, never two at once; a failure is
 * logged as `failure` and the next run tries again. On close the timer stops and a run in progress finishes first
 * (before storage and the database close; a start that fails, e.g. on a taken port, closes right after onReady).
 */
export function repeatWhileOpen(app: FastifyInstance, everyMs: number, failure: string, work: () => Promise<unknown>) {
  let running: Promise<unknown> | undefined;
  const run = () => {
    running ??= work()
      .catch((error) => app.log.warn({ err: error }, failure))
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook("onReady", async () => {
    void run();
    timer = setInterval(run, everyMs);
    timer.unref();
  });
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await running;
  });
}
