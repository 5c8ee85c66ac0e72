// The README's default path once answered 500 on the gallery a few seconds after going idle: the pool had closed
// its idle connection, and the next one found the embedded database's session still holding its named
// statements. Every kind of read and write over real sockets, an idle past every pool and keep-alive timeout
// of the app, and every kind again. In both api projects: on PostgreSQL and on the embedded database as
// `pnpm start` runs it (vitest.embedded.config.ts).
import { setTimeout as sleep } from "node:timers/promises";
import { POOL_IDLE_TIMEOUT_MS } from "@gallery/db";
import { KEEP_ALIVE_TIMEOUT_MS } from "../src/app.js";
import { everyKindOfCall, failures, statuses } from "./support/every-kind-of-call.js";
import { expect, test } from "./support/fixtures.js";
import { fakeWebDist } from "./support/web-dist.js";

// Served pages need a built web app: a stand-in.
test.override("appEnv", { WEB_DIST: fakeWebDist() });

/** Past the longest idle timeout of the app: the pool's and the server's keep-alive. */
const IDLE_MS = Math.max(POOL_IDLE_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS) + 2000;

test("after idling past every pool and keep-alive timeout, every kind of read and write answers as before", {
  timeout: IDLE_MS + 240_000,
}, async ({ app }) => {
  const calls = await everyKindOfCall(app);
  const before = await calls.round("before");
  expect(failures(before)).toEqual([]);

  // Idle (what is under test): the pool closes its connections, keep-alive connections end.
  await sleep(IDLE_MS);

  const after = await calls.round("after");
  expect(failures(after)).toEqual([]);
  expect(statuses(after)).toEqual(statuses(before));
});
