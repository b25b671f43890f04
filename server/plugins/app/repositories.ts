import fp from "fastify-plugin";
import { createSavedViewsRepository } from "../../repositories/saved-views-repository.ts";
import { createSpendRepository } from "../../repositories/spend-repository.ts";
import { createBusinessHoursRepository } from "../../repositories/business-hours-repository.ts";
import { createChatChannelRepository } from "../../repositories/chat-channel-repository.ts";
import { deliveryPlanner } from "../../delivery/plan.ts";
import { createActivityRepository } from "../../repositories/activity/activity-repository.ts";
import { createCspViolationsRepository } from "../../repositories/csp-violations-repository.ts";
import { createKnownDevicesRepository } from "../../repositories/known-devices-repository.ts";
import { createLeadsRepository } from "../../repositories/leads/leads-repository.ts";
import { createNotificationSettingsRepository } from "../../repositories/notification-settings-repository.ts";
import { createRateLimitsRepository } from "../../repositories/rate-limits-repository.ts";
import { createServerSecretsRepository } from "../../repositories/server-secrets-repository.ts";
import { createSessionsRepository } from "../../repositories/users/sessions-repository.ts";
import { createUsersRepository } from "../../repositories/users/users-repository.ts";
import { createPageViews } from "../../reports/page-views.ts";
import { createPageViewsRepository } from "../../repositories/page-views-repository.ts";
import { createVerificationsRepository } from "../../repositories/users/verifications.ts";
import { createSecondFactorsRepository } from "../../repositories/users/second-factors.ts";
import { createPasskeysRepository } from "../../repositories/users/passkeys-repository.ts";
import { createInvitationsRepository } from "../../repositories/users/invitations-repository.ts";
import { createPasswordResetsRepository } from "../../repositories/users/password-resets-repository.ts";
import { createLeadAnswers } from "../../repositories/leads/answers.ts";
import { createReplyTemplatesRepository } from "../../repositories/reply-templates-repository.ts";
import { createPushSubscriptionsRepository } from "../../repositories/push-subscriptions-repository.ts";
import { createMediaRepository } from "../../media/media-repository.ts";

export type Repositories = {
  leads: ReturnType<typeof createLeadsRepository>;
  users: ReturnType<typeof createUsersRepository>;
  sessions: ReturnType<typeof createSessionsRepository>;
  rateLimits: ReturnType<typeof createRateLimitsRepository>;
  knownDevices: ReturnType<typeof createKnownDevicesRepository>;
  serverSecrets: ReturnType<typeof createServerSecretsRepository>;
  cspViolations: ReturnType<typeof createCspViolationsRepository>;
  notificationSettings: ReturnType<typeof createNotificationSettingsRepository>;
  activity: ReturnType<typeof createActivityRepository>;
  verifications: ReturnType<typeof createVerificationsRepository>;
  secondFactors: ReturnType<typeof createSecondFactorsRepository>;
  passkeys: ReturnType<typeof createPasskeysRepository>;
  pushSubscriptions: ReturnType<typeof createPushSubscriptionsRepository>;
  invitations: ReturnType<typeof createInvitationsRepository>;
  passwordResets: ReturnType<typeof createPasswordResetsRepository>;
  pageViews: ReturnType<typeof createPageViews>;
  leadAnswers: ReturnType<typeof createLeadAnswers>;
  replyTemplates: ReturnType<typeof createReplyTemplatesRepository>;
  businessHours: ReturnType<typeof createBusinessHoursRepository>;
  chatChannel: ReturnType<typeof createChatChannelRepository>;
  media: ReturnType<typeof createMediaRepository>;
  spend: ReturnType<typeof createSpendRepository>;
  savedViews: ReturnType<typeof createSavedViewsRepository>;
};

export default fp(
  async (app) => {
    const repositories: Repositories = {
      leads: createLeadsRepository(app.db, deliveryPlanner(app.config.delivery), {
        clock: app.clock,
        ownerTimeZone: app.config.delivery.ownerTimeZone,
      }),
      users: createUsersRepository(app.db, app.clock),
      sessions: createSessionsRepository(app.db),
      rateLimits: createRateLimitsRepository(app.db),
      knownDevices: createKnownDevicesRepository(app.db),
      serverSecrets: createServerSecretsRepository(app.db),
      cspViolations: createCspViolationsRepository(app.db),
      notificationSettings: createNotificationSettingsRepository(app.db),
      activity: createActivityRepository(app.db, app.clock),
      verifications: createVerificationsRepository(app.db, app.clock),
      secondFactors: createSecondFactorsRepository(app.db, app.clock),
      passkeys: createPasskeysRepository(app.db, app.clock),
      pushSubscriptions: createPushSubscriptionsRepository(app.db, app.clock),
      invitations: createInvitationsRepository(app.db, app.clock),
      passwordResets: createPasswordResetsRepository(app.db, app.clock),
      pageViews: createPageViews(createPageViewsRepository(app.db), app.clock, app.config.delivery.ownerTimeZone),
      leadAnswers: createLeadAnswers(app.db, deliveryPlanner(app.config.delivery), app.clock),
      replyTemplates: createReplyTemplatesRepository(app.db, app.clock),
      businessHours: createBusinessHoursRepository(app.db, app.clock),
      chatChannel: createChatChannelRepository(app.db, app.clock),
      media: createMediaRepository(app.db, app.clock),
      spend: createSpendRepository(app.db, app.clock),
      savedViews: createSavedViewsRepository(app.db, app.clock),
    };
    app.decorate("repositories", repositories);
    // The leads stored before a derived column existed get it once, before the server answers (reads never write it).
    const backfilled = await repositories.leads.backfillDerivedColumns();
    if (Object.values(backfilled).some((count) => count > 0))
      app.log.info({ leads: backfilled }, "wrote the derived columns of leads stored before them");
  },
  { name: "repositories", dependencies: ["database"] },
);
