import fp from "fastify-plugin";
import { createContactSubmissionsRepository } from "../../repositories/contact-submissions-repository.ts";
import { createLeadsRepository } from "../../repositories/leads-repository.ts";
import { createServiceInquiriesRepository } from "../../repositories/service-inquiries-repository.ts";
import { createSessionsRepository } from "../../repositories/sessions-repository.ts";
import { createUsersRepository } from "../../repositories/users-repository.ts";

export type Repositories = {
  contactSubmissions: ReturnType<typeof createContactSubmissionsRepository>;
  serviceInquiries: ReturnType<typeof createServiceInquiriesRepository>;
  leads: ReturnType<typeof createLeadsRepository>;
  users: ReturnType<typeof createUsersRepository>;
  sessions: ReturnType<typeof createSessionsRepository>;
};

export default fp(
  async (app) => {
    const repositories: Repositories = {
      contactSubmissions: createContactSubmissionsRepository(app.db),
      serviceInquiries: createServiceInquiriesRepository(app.db),
      leads: createLeadsRepository(app.db),
      users: createUsersRepository(app.db),
      sessions: createSessionsRepository(app.db),
    };
    app.decorate("repositories", repositories);
  },
  { name: "repositories", dependencies: ["database"] },
);
