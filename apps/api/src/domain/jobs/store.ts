import type { MaintenanceJobRow } from "@gallery/db";
import { sql } from "kysely";
import { brokeConstraint, type Db } from "../deps.js";
import { ConflictError } from "../errors.js";

/**
 * The maintenance_jobs table: a job's state, its checkpoint and its lease. Every
 * write of a running job names its lease owner, so a process that lost its lease (it stalled and
 * another took the job over) changes nothing any more.
 */

export type JobStatus = "running" | "succeeded" | "failed";
export type Counts = Record<string, number>;

export interface JobState {
  id: string;
  kind: string;
  status: JobStatus;
  checkpoint: unknown;
  done: number;
  total: number | null;
  counts: Counts;
  error: string | null;
  errorRetryable: boolean;
  createdAt: Date;
  finishedAt: Date | null;
}

const toState = (row: MaintenanceJobRow): JobState => ({
  id: row.id,
  kind: row.kind,
  status: row.status,
  checkpoint: row.checkpoint ?? null,
  done: row.done,
  total: row.total,
  counts: row.counts ?? {},
  error: row.error,
  errorRetryable: row.errorRetryable,
  createdAt: row.createdAt,
  finishedAt: row.finishedAt,
});

const leaseEnd = (leaseMs: number) => sql<Date>`now() + make_interval(secs => ${leaseMs / 1000})`;

/** A new running job nobody holds yet (any process may claim it at once); refused while another runs. */
export async function createJob(db: Db, kind: string, busyMessage: string): Promise<JobState> {
  try {
    const row = await db.insertInto("maintenanceJobs").values({ kind }).returningAll().executeTakeFirstOrThrow();
    return toState(row);
  } catch (error) {
    if (brokeConstraint(error, "unique")) throw new ConflictError(busyMessage);
    throw error;
  }
}

export async function findJob(db: Db, id: string): Promise<JobState | null> {
  const row = await db.selectFrom("maintenanceJobs").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toState(row) : null;
}

/** The running job, else the newest one. */
export async function latestJob(db: Db): Promise<JobState | null> {
  const row = await db
    .selectFrom("maintenanceJobs")
    .selectAll()
    .orderBy(sql`status = 'running'`, "desc")
    .orderBy("createdAt", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? toState(row) : null;
}

/** Takes the running job if nobody holds it (new, released, or its holder's lease ran out). */
export async function claimJob(db: Db, owner: string, leaseMs: number): Promise<JobState | null> {
  const row = await db
    .updateTable("maintenanceJobs")
    .set({ leaseOwner: owner, leaseUntil: leaseEnd(leaseMs), updatedAt: sql`now()` })
    .where("status", "=", "running")
    .where("leaseUntil", "<=", sql<Date>`now()`)
    .returningAll()
    .executeTakeFirst();
  return row ? toState(row) : null;
}

/** The job's row while `owner` still holds it. */
const held = (db: Db, id: string, owner: string) =>
  db
    .updateTable("maintenanceJobs")
    .where("id", "=", id)
    .where("status", "=", "running")
    .where("leaseOwner", "=", owner);

const touched = async (query: ReturnType<typeof held>) => (await query.executeTakeFirst()).numUpdatedRows > 0n;

/** Extends the lease; false when it was lost. */
export const renewLease = (db: Db, id: string, owner: string, leaseMs: number) =>
  touched(held(db, id, owner).set({ leaseUntil: leaseEnd(leaseMs) }));

/** Lets any process carry the job on at once (this one is shutting down). */
export const releaseLease = (db: Db, id: string, owner: string) =>
  touched(held(db, id, owner).set({ leaseOwner: null, leaseUntil: sql`now()` }));

export const saveTotal = (db: Db, id: string, owner: string, total: number) =>
  touched(held(db, id, owner).set({ total, updatedAt: sql`now()` }));

/** Adds to the job's counts (right after the work they count, so a redone batch does not count it again). */
export const addCounts = (db: Db, id: string, owner: string, counts: Counts) =>
  touched(
    held(db, id, owner).set({
      counts: sql`counts || coalesce((SELECT jsonb_object_agg(key, coalesce((counts->>key)::int, 0) + value::int)
        FROM jsonb_each_text(${JSON.stringify(counts)}::jsonb)), '{}')`,
      updatedAt: sql`now()`,
    }),
  );

/** After a batch: where to carry on and how many items are done (the total grows if rows were added meanwhile). */
export const saveCheckpoint = (db: Db, id: string, owner: string, checkpoint: unknown, examined: number) =>
  touched(
    held(db, id, owner).set({
      checkpoint: JSON.stringify(checkpoint),
      done: sql`done + ${examined}`,
      total: sql`greatest(total, done + ${examined})`,
      updatedAt: sql`now()`,
    }),
  );

/** The last batch: the job is done, and its total is what it examined. */
export const finishJob = (db: Db, id: string, owner: string, examined: number) =>
  touched(
    held(db, id, owner).set({
      status: "succeeded",
      done: sql`done + ${examined}`,
      total: sql`done + ${examined}`,
      leaseOwner: null,
      finishedAt: sql`now()`,
      updatedAt: sql`now()`,
    }),
  );

export const failJob = (db: Db, id: string, owner: string, error: string, retryable: boolean) =>
  touched(
    held(db, id, owner).set({
      status: "failed",
      error,
      errorRetryable: retryable,
      leaseOwner: null,
      finishedAt: sql`now()`,
      updatedAt: sql`now()`,
    }),
  );
