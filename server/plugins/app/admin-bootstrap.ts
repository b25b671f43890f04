import fp from "fastify-plugin";
import { adminPassword } from "../../../contract/admin.ts";
import { hashPassword } from "../../lib/passwords.ts";

/**
 * ADMIN_EMAIL + ADMIN_PASSWORD create the admin account at start-up when it does not exist yet, named
 * ADMIN_NAME when set (else the admin asks for the name at the first sign-in).
 * An existing account is left alone: its password is changed with `npm run admin -- reset-password`.
 */
export default fp(
  async (app) => {
    const bootstrap = app.config.adminBootstrap;
    if (!bootstrap) return;
    const { users } = app.repositories;
    if (await users.findByUsername(bootstrap.email)) {
      app.log.info("the admin account of ADMIN_EMAIL exists; ADMIN_PASSWORD is not applied to it");
      return;
    }
    // The rule of every new password (contract/admin.ts): a weak ADMIN_PASSWORD stops the start, as a short one does.
    const checked = await adminPassword.safeParseAsync(bootstrap.password);
    if (!checked.success)
      throw new Error(`ADMIN_PASSWORD is refused: ${checked.error.issues[0]?.message ?? "choose another password."}`);
    try {
      await users.create(bootstrap.email, await hashPassword(bootstrap.password), { name: bootstrap.name });
      app.log.info("created the admin account of ADMIN_EMAIL");
    } catch (error) {
      // Another instance created it at the same moment: that is the outcome we wanted.
      if (!(await users.findByUsername(bootstrap.email))) throw error;
    }
  },
  { name: "admin-bootstrap", dependencies: ["repositories"] },
);
