// `pnpm roles <grant|revoke> <admin|super-admin> <email>`: changes a user's role by e-mail.
import { openServices, runCli } from "./services.js";

const USAGE = "usage: pnpm roles <grant|revoke> <admin|super-admin> <email>";

await runCli("roles", async () => {
  const [action, role, email] = process.argv.slice(2);
  if (!["grant", "revoke"].includes(action ?? "") || !["admin", "super-admin"].includes(role ?? "") || !email) {
    throw new Error(USAGE);
  }
  const grant = action === "grant";
  // A super admin is also an admin; revoking admin from a super admin revokes both.
  const changes =
    role === "super-admin"
      ? grant
        ? { isSuperAdmin: true, isAdmin: true }
        : { isSuperAdmin: false }
      : grant
        ? { isAdmin: true }
        : { isAdmin: false, isSuperAdmin: false };
  const services = await openServices();
  try {
    const updated = await services.db
      .updateTable("users")
      .set({ ...changes, updatedAt: new Date() })
      .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
      .returning(["email", "isAdmin", "isSuperAdmin"])
      .executeTakeFirst();
    if (!updated) throw new Error(`no user with e-mail ${email} (they must sign in once first)`);
    console.log(`${updated.email}: admin=${updated.isAdmin} superAdmin=${updated.isSuperAdmin}`);
  } finally {
    await services.close();
  }
});
