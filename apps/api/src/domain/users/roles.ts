import type { Db } from "../deps.js";
import { NotFoundError } from "../errors.js";

/** The roles the CLI grants and revokes (`pnpm roles <grant|revoke> <admin|super-admin> <email>`). */
export type Role = "admin" | "super-admin";

/**
 * Grants or revokes a role by e-mail (case-insensitive). A super admin is also an admin; revoking admin
 * from a super admin revokes both. NOT_FOUND when no user has the e-mail (they must sign in once first).
 */
export async function setRoleByEmail(db: Db, input: { email: string; role: Role; grant: boolean }) {
  const { email, role, grant } = input;
  const changes =
    role === "super-admin"
      ? grant
        ? { isSuperAdmin: true, isAdmin: true }
        : { isSuperAdmin: false }
      : grant
        ? { isAdmin: true }
        : { isAdmin: false, isSuperAdmin: false };
  const updated = await db
    .updateTable("users")
    .set({ ...changes, updatedAt: new Date() })
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
    .returning(["email", "isAdmin", "isSuperAdmin"])
    .executeTakeFirst();
  if (!updated) throw new NotFoundError(`no user with e-mail ${email} (they must sign in once first)`);
  return updated;
}
