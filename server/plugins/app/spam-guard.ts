import fp from "fastify-plugin";
import { formTokenExpiresAt, formTokenHash, formTokenStatus, signFormToken } from "../../lib/form-tokens.ts";
import type { FormTokenUse } from "../../repositories/leads/form-token-uses.ts";
import { spamVerdict, type SpamFinding, type SpamSignals } from "../../lib/spam-check.ts";

// The spam guard of the form posts: issues form tokens signed with the database's shared secret (so
// any instance checks what another issued) and judges a submission's signals on this server's clock. The
// token's single use is the lead's transaction's business (repositories/leads/form-token-uses.ts).

export type SpamGuard = {
  /** A token saying "issued now", for GET /api/form-token. */
  issueFormToken(): string;
  /** Why a submission looks automated, or null (see lib/spam-check.ts). */
  verdict(signals: SpamSignals): SpamFinding | null;
  /** What a form token says now (a form posted without JavaScript asks the visitor to confirm when it is not "ok"). */
  tokenStatus(token: string | undefined): ReturnType<typeof formTokenStatus>["status"];
  /** The token as the lead's transaction spends it (single-use), or null when it is not one of ours. */
  tokenToSpend(token: string | undefined): FormTokenUse | null;
};

export default fp(
  async (app) => {
    const secret = await app.repositories.serverSecrets.get("form-token");
    const spamGuard: SpamGuard = {
      issueFormToken: () => signFormToken(secret, app.clock().getTime()),
      verdict: (signals) =>
        spamVerdict(signals, { secret, nowMs: app.clock().getTime(), minFillMs: app.config.formMinFillMs }),
      tokenStatus: (token) => formTokenStatus(secret, token, app.clock().getTime(), app.config.formMinFillMs).status,
      tokenToSpend: (token) => {
        const expiresAt = token === undefined ? null : formTokenExpiresAt(secret, token);
        return expiresAt && token !== undefined ? { hash: formTokenHash(token), expiresAt } : null;
      },
    };
    app.decorate("spamGuard", spamGuard);
  },
  { name: "spam-guard", dependencies: ["repositories"] },
);
