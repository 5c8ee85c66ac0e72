import type { QueueReason, ReportTargetKind } from "@gallery/schema";
import { sql } from "kysely";
import type { Db } from "../deps.js";

/** A report, appeal or possible duplicate to put in the queue. */
export interface NewReport {
  targetKind: ReportTargetKind;
  targetId: string;
  /** `member:<id>`, `visitor:<daily mark>`, `creator:<id>` or `system:duplicate`. */
  reporter: string;
  weight?: number;
  /** The day's keyed hashes of the reporter's address and network (stats/visitor.ts); none for the system's. */
  address?: Buffer | undefined;
  network?: Buffer | undefined;
  reason: QueueReason;
  details?: string | undefined;
  originalUrl?: string | undefined;
  relatedId?: string | undefined;
}

/**
 * Opens a report and counts it in its target's queue row, in the caller's transaction. Answers false when
 * the reporter already has an open report on the target (nothing is written). The report is written first
 * and the queue row after it, the order in which `closeReports` locks them the other way round can only
 * wait, so a report racing a moderator's decision is either closed by it or stays open with its queue row.
 */
export async function openReport(trx: Db, report: NewReport): Promise<boolean> {
  const inserted = await trx
    .insertInto("reports")
    .values({
      targetKind: report.targetKind,
      targetId: report.targetId,
      reporter: report.reporter,
      reporterWeight: report.weight ?? 1,
      reporterAddress: report.address ?? null,
      reporterNetwork: report.network ?? null,
      reason: report.reason,
      details: report.details || null,
      originalUrl: report.originalUrl || null,
      relatedId: report.relatedId ?? null,
    })
    .onConflict((conflict) =>
      conflict.columns(["targetKind", "targetId", "reporter"]).where("status", "=", "open").doNothing(),
    )
    .returning("id")
    .executeTakeFirst();
  if (!inserted) return false;
  await trx
    .insertInto("reportTargets")
    .values({
      targetKind: report.targetKind,
      targetId: report.targetId,
      openCount: 1,
      reasonCounts: JSON.stringify({ [report.reason]: 1 }),
    })
    .onConflict((conflict) =>
      conflict.columns(["targetKind", "targetId"]).doUpdateSet({
        openCount: sql`report_targets.open_count + 1`,
        reasonCounts: sql`report_targets.reason_counts || jsonb_build_object(${report.reason}::text,
          COALESCE((report_targets.reason_counts ->> ${report.reason}::text)::int, 0) + 1)`,
        lastReportAt: sql`now()`,
      }),
    )
    .execute();
  return true;
}

/**
 * Closes every open report on a target with the outcome and takes the target out of the queue, in the
 * caller's transaction (its queue row locked first). Answers how many reports it closed.
 */
export async function closeReports(
  trx: Db,
  target: { targetKind: ReportTargetKind; targetId: string },
  outcome: string,
): Promise<number> {
  await trx
    .selectFrom("reportTargets")
    .select("openCount")
    .where("targetKind", "=", target.targetKind)
    .where("targetId", "=", target.targetId)
    .forUpdate()
    .execute();
  const closed = await trx
    .updateTable("reports")
    .set({ status: "closed", outcome, closedAt: new Date() })
    .where("targetKind", "=", target.targetKind)
    .where("targetId", "=", target.targetId)
    .where("status", "=", "open")
    .executeTakeFirst();
  await trx
    .deleteFrom("reportTargets")
    .where("targetKind", "=", target.targetKind)
    .where("targetId", "=", target.targetId)
    .execute();
  return Number(closed.numUpdatedRows);
}
