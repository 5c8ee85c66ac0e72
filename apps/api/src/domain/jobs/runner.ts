import { setTimeout as sleep } from "node:timers/promises";
import type { Db } from "../deps.js";
import { onJobCreated } from "./signal.js";
import {
  addCounts,
  type Counts,
  claimJob,
  failJob,
  finishJob,
  type JobState,
  releaseLease,
  renewLease,
  saveCheckpoint,
  saveTotal,
} from "./store.js";

/** One batch done: where the next starts (null: the job is finished) and how many items it examined. */
export interface Batch {
  next: unknown;
  examined: number;
}

/**
 * What a kind of job does, in idempotent batches: running a batch again after a crash finds its
 * finished items done and leaves them alone, so a resumed job neither repeats nor skips work.
 */
export interface JobWork {
  /** How many items the job will examine (the progress bar's total). */
  count(): Promise<number>;
  /** One batch after `checkpoint` (null: from the start). `record` adds to the counts right after each change. */
  step(checkpoint: unknown, record: (counts: Counts) => Promise<void>): Promise<Batch>;
}

export interface RunnerOptions {
  db: Db;
  /** This process, as the lease owner. */
  owner: string;
  /** A job whose holder has not renewed its lease for this long is taken over. */
  leaseMs: number;
  /** A pause between batches (tests use it to watch a job run; 0 in production). */
  batchDelayMs: number;
  work(job: JobState): JobWork;
  /** What the job's failure says to a client (never a stack trace) and whether retrying may help. */
  describeFailure(job: JobState, error: unknown): { message: string; retryable: boolean };
  log: { warn(details: object, message: string): void; error(details: object, message: string): void };
}

class LeaseLost extends Error {}

/**
 * Runs the maintenance jobs of this process: claims a job nobody holds (a new one, one released at
 * shutdown, or one whose process died and whose lease ran out), works through it batch by batch with
 * a checkpoint after each, and renews its lease meanwhile. Every api process runs one; the lease
 * decides which of them carries a job on.
 */
export class JobRunner {
  readonly #options: RunnerOptions;
  readonly #stop = new AbortController();
  #timer: NodeJS.Timeout | undefined;
  #unsubscribe: (() => void) | undefined;
  #current: Promise<void> | null = null;

  constructor(options: RunnerOptions) {
    this.#options = options;
  }

  /** Looks for work now, when a job is created here, and every half lease (jobs left by other processes). */
  start() {
    this.#unsubscribe = onJobCreated(this.#options.db, () => this.wake());
    this.#timer = setInterval(() => this.wake(), this.#options.leaseMs / 2);
    this.#timer.unref();
    this.wake();
  }

  wake() {
    if (this.#stop.signal.aborted || this.#current) return;
    this.#current = this.#claimAndRun().finally(() => {
      this.#current = null;
    });
  }

  /** Stops after the batch in hand, saves where it stopped and hands the job back for another process. */
  async stop() {
    this.#stop.abort();
    clearInterval(this.#timer);
    this.#unsubscribe?.();
    await this.#current;
  }

  async #claimAndRun() {
    const { db, owner, leaseMs, log } = this.#options;
    while (!this.#stop.signal.aborted) {
      const job = await claimJob(db, owner, leaseMs).catch((error: unknown) => {
        log.warn({ err: error }, "could not look for maintenance jobs");
        return null;
      });
      if (!job) return;
      await this.#run(job);
    }
  }

  async #run(job: JobState) {
    const { db, owner, leaseMs, batchDelayMs, log } = this.#options;
    const heartbeat = setInterval(() => {
      renewLease(db, job.id, owner, leaseMs).catch((error: unknown) =>
        log.warn({ err: error, job: job.id }, "could not renew a maintenance job's lease"),
      );
    }, leaseMs / 3);
    const held = (ok: boolean) => {
      if (!ok) throw new LeaseLost();
    };
    try {
      const work = this.#options.work(job);
      if (job.total === null) held(await saveTotal(db, job.id, owner, await work.count()));
      let checkpoint = job.checkpoint;
      for (;;) {
        if (this.#stop.signal.aborted) {
          await releaseLease(db, job.id, owner);
          return;
        }
        const batch = await work.step(checkpoint, async (counts) => held(await addCounts(db, job.id, owner, counts)));
        if (batch.next === null) {
          held(await finishJob(db, job.id, owner, batch.examined));
          return;
        }
        held(await saveCheckpoint(db, job.id, owner, batch.next, batch.examined));
        checkpoint = batch.next;
        if (batchDelayMs > 0) await sleep(batchDelayMs, undefined, { signal: this.#stop.signal }).catch(() => {});
      }
    } catch (error) {
      if (error instanceof LeaseLost) {
        log.warn({ job: job.id }, "a maintenance job was taken over by another process");
        return;
      }
      const failure = this.#options.describeFailure(job, error);
      log.error({ err: error, job: job.id }, "maintenance job failed");
      // If the database itself is down this fails too: the lease runs out and the job is resumed later.
      await failJob(db, job.id, owner, failure.message, failure.retryable).catch(() => {});
    } finally {
      clearInterval(heartbeat);
    }
  }
}
