// The embedded database stopped and started again under a running api (as after a crash of its server): the
// pool's connections go down with it, and every kind of read and write then answers as before, data kept.

import { DATABASE_SERVER_URL } from "./support/app.js";
import { everyKindOfCall, failures, statuses } from "./support/every-kind-of-call.js";
import { expect, test } from "./support/fixtures.js";
import { fakeWebDist } from "./support/web-dist.js";

// Served pages need a built web app: a stand-in.
test.override("appEnv", { WEB_DIST: fakeWebDist() });

test.runIf(!DATABASE_SERVER_URL)(
  "after the embedded database restarts, every kind of read and write answers as before",
  async ({ app }) => {
    const calls = await everyKindOfCall(app);
    const before = await calls.round("before");
    expect(failures(before)).toEqual([]);
    const listings = await app.database.db.selectFrom("chatbots").select("title").orderBy("title").execute();

    await app.database.restartEmbedded!();

    expect(await app.database.db.selectFrom("chatbots").select("title").orderBy("title").execute()).toEqual(listings);
    const after = await calls.round("after");
    expect(failures(after)).toEqual([]);
    expect(statuses(after)).toEqual(statuses(before));
  },
);
