import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  FRESH_PROOF_REQUIRED_CODE,
  FRESH_PROOF_REQUIRED_MESSAGE,
  type FreshProofRequired,
} from "../../../contract/two-factor.ts";
import { securityChangeMail, type SecurityChange } from "../../delivery/mail/security-mail.ts";
import { deviceOf } from "../../lib/user-agent.ts";
import { adminOf, hasFreshProof } from "../../plugins/app/admin-sessions.ts";
import type { AccountMail } from "../../repositories/account-mails-repository.ts";

// What every change to a user's second factors needs (issue 32, finding 2), for the two-factor and passkey
// routes: a proof of identity from the last five minutes, and the e-mail that tells the user.

/**
 * preHandler after requireAdmin or requireOwner: the session's user proved who they are within five minutes
 * (signed in, or POST /api/admin/two-factor/confirm-identity), else 403 with FRESH_PROOF_REQUIRED_CODE. A
 * stolen session alone cannot add a passkey that outlives a password reset, nor lock a member out with an app.
 */
export function requireFreshProof(app: FastifyInstance) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    // The guard before this one refused already.
    if (reply.sent || !request.admin) return;
    if (hasFreshProof(adminOf(request), app.clock())) return;
    reply.header("cache-control", "no-store");
    await reply
      .code(403)
      .send({ message: FRESH_PROOF_REQUIRED_MESSAGE, code: FRESH_PROOF_REQUIRED_CODE } satisfies FreshProofRequired);
  };
}

/**
 * The notice of a change to the factors of the user at `to`, to queue with the change (the repositories take
 * it), or undefined when no mail is configured (logged: nothing would ever send it). Wake the outbox after.
 */
export function factorChangeNotice(
  app: FastifyInstance,
  request: FastifyRequest,
  to: string,
  change: SecurityChange,
): AccountMail | undefined {
  const { mail, business, ownerTimeZone } = app.config.delivery;
  if (!mail) {
    request.log.info(
      { change: change.kind },
      "no mail configured: the user is not e-mailed about the change to their sign-in",
    );
    return undefined;
  }
  return securityChangeMail({
    to,
    companyName: business.companyName,
    change,
    at: app.clock(),
    timeZone: ownerTimeZone,
    device: deviceOf(request.headers["user-agent"]),
  });
}
