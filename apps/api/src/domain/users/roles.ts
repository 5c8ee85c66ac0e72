import { creatorDisplayName } from "@gallery/schema";
import { recordAudit } from "../audit/record.js";
import type { Db } from "../deps.js";
import { NotFoundError } from "../errors.js";
import { type Role, roleColumns } from "../policy.js";

export type { Role };

/**
 * Grants or revokes a role by e-mail (case-insensitive), as the policy says (roleColumns), for the CLI
 * (`pnpm roles <grant|revoke> <admin|super-admin> <email>`). NOT_FOUND when no user has the e-mail
 * (they must sign in once first).
 */
export async function setRoleByEmail(db: Db, input: { email: string; role: Role; grant: boolean }) {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom("users")
      .select(["id", "isAdmin", "isSuperAdmin"])
      .where((eb) => eb(eb.fn("lower", ["email"]), "=", input.email.toLowerCase()))
      .forUpdate()
      .executeTakeFirst();
    const updated =
      before &&
      (await trx
        .updateTable("users")
        .set({ ...roleColumns(input.role, input.grant), updatedAt: new Date() })
        .where("id", "=", before.id)
        .returning(["id", "email", "nickname", "firstName", "lastName", "isAdmin", "isSuperAdmin"])
        .executeTakeFirst());
    if (!before || !updated)
      throw new NotFoundError(`no user with e-mail ${input.email} (they must sign in once first)`);
    await recordAudit(trx, {
      action: updated.isAdmin ? "user.makeAdmin" : "user.removeAdmin",
      moderator: null,
      moderatorName: "operator (pnpm roles)",
      target: { kind: "user", id: updated.id, label: creatorDisplayName(updated) },
      before: { isAdmin: before.isAdmin, isSuperAdmin: before.isSuperAdmin },
      after: { isAdmin: updated.isAdmin, isSuperAdmin: updated.isSuperAdmin },
    });
    return { email: updated.email, isAdmin: updated.isAdmin, isSuperAdmin: updated.isSuperAdmin };
  });
}
