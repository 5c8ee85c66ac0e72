// `pnpm roles <grant|revoke> <admin|super-admin> <email>`: changes a user's role by e-mail.
import { NotFoundError } from "../domain/errors.js";
import { type Role, setRoleByEmail } from "../domain/users/roles.js";
import { openServices, runCli } from "./services.js";

const USAGE = "usage: pnpm roles <grant|revoke> <admin|super-admin> <email>";

await runCli("roles", async () => {
  const [action, role, email] = process.argv.slice(2);
  if (!["grant", "revoke"].includes(action ?? "") || !["admin", "super-admin"].includes(role ?? "") || !email) {
    throw new Error(USAGE);
  }
  const services = await openServices();
  try {
    const updated = await setRoleByEmail(services.db, { email, role: role as Role, grant: action === "grant" }).catch(
      (error: unknown) => {
        throw error instanceof NotFoundError ? new Error(error.message) : error;
      },
    );
    console.log(`${updated.email}: admin=${updated.isAdmin} superAdmin=${updated.isSuperAdmin}`);
  } finally {
    await services.close();
  }
});
