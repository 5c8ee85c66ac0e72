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
  const updated = await db
    .updateTable("users")
    .set({ ...roleColumns(input.role, input.grant), updatedAt: new Date() })
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", input.email.toLowerCase()))
    .returning(["email", "isAdmin", "isSuperAdmin"])
    .executeTakeFirst();
  if (!updated) throw new NotFoundError(`no user with e-mail ${input.email} (they must sign in once first)`);
  return updated;
}
