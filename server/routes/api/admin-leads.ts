import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  anyLeadParams,
  leadKindParams,
  leadParams,
  leadUpdate,
  todayParams,
  VALUE_NEEDS_WON,
  type AdminPulse,
} from "../../../contract/admin-leads.ts";
import { nowWindow } from "../../repositories/leads/today.ts";
import { leadFilters, leadListQuery } from "../../../contract/lead-filters.ts";
import { noteInput } from "../../../contract/lead-notes.ts";
import { BULK_LIMIT, bulkRequest, leadNeighboursQuery } from "../../../contract/lead-triage.ts";
import { OWNER_ONLY_MESSAGE } from "../../../contract/user-roles.ts";
import { assignmentMail } from "../../delivery/mail/team-mail.ts";
import { failureForLog } from "../../delivery/failure-log.ts";
import { linkOrigin } from "../../lib/link-origin.ts";
import { parseInput } from "../../lib/request-errors.ts";
import type { RelatedLeads } from "../../../contract/reports.ts";
import { activityActor, adminOf } from "../../plugins/app/admin-sessions.ts";
import { Readable } from "node:stream";
import { CSV_BYTE_ORDER_MARK } from "../../lib/csv.ts";
import type { BulkTarget } from "../../repositories/leads/bulk.ts";
import { kindsOfAll } from "../../repositories/leads/inbox.ts";
import { leadExportHeader } from "../../repositories/leads/lead-export.ts";

// The team's inbox (contract/admin-leads.ts). Everything here needs a signed-in user; the export and
// deleting leads need an owner (issue 23: members work leads, they do not take them away). The origin
// check (plugins/app/origin-check.ts) refuses state changes from other sites before they arrive here.
// Every change is recorded with who made it (the lead repository writes the activity in its transaction).

const NOT_FOUND = { message: "There is no such lead (it may have been deleted)" };
const numbers = new Intl.NumberFormat("en-US");
/** A full selection (BULK_LIMIT ids) or its Undo (as many { id, status, read }) is larger than the app's 32 KB. */
const BULK_BODY_LIMIT_BYTES = 128 * 1024;

const UNKNOWN_ASSIGNEE = "That user does not exist or is deactivated.";

export default async function adminLeadRoutes(app: FastifyInstance) {
  const { leads, users } = app.repositories;

  /** "assignee=me" is the signed-in user: their id takes its place before the filters reach the repository. */
  function withAssignee<T extends { assignee?: string | undefined }>(request: FastifyRequest, filters: T): T {
    return filters.assignee === "me" ? { ...filters, assignee: adminOf(request).userId } : filters;
  }

  /** Whether a lead may be assigned to this user: an active account (null, unassigning, always may). */
  async function assignable(assigneeId: string | null | undefined): Promise<boolean> {
    if (!assigneeId) return true;
    const user = await users.findById(assigneeId);
    return user !== undefined && user.deactivatedAt === null;
  }

  /**
   * E-mails the assignee the leads someone else gave them, when mail is set up. After the change is stored,
   * and never in its way: a refused mail is logged, the assignment stands.
   */
  async function tellAssignee(
    request: FastifyRequest,
    assigneeId: string | null | undefined,
    assigned: { kind: "contacts" | "inquiries"; id: string; name: string }[],
  ) {
    const { mail, business } = app.config.delivery;
    const admin = adminOf(request);
    if (!assigneeId || assigneeId === admin.userId || assigned.length === 0 || !mail || !app.mailer) return;
    const assignee = await users.findById(assigneeId);
    if (!assignee) return;
    const origin = linkOrigin(app);
    try {
      await app.mailer.send(
        assignmentMail({
          from: mail.from,
          to: assignee.username,
          companyName: business.companyName,
          assignedBy: activityActor(admin).name,
          leads: assigned
            .slice(0, 50)
            .map((lead) => ({ name: lead.name, link: `${origin}/admin/leads/${lead.kind}/${lead.id}` })),
          inboxLink: `${origin}/admin/leads/all?assignee=me`,
        }),
      );
      request.log.info({ assigneeId, leads: assigned.length }, "assignee e-mailed");
    } catch (error) {
      request.log.warn({ failure: failureForLog(error) }, "assignee e-mail not sent");
    }
  }

  /** A bulk action on one kind's list or on the combined list ("all"). */
  async function bulk(target: BulkTarget, request: FastifyRequest, reply: FastifyReply) {
    const parsed = parseInput(bulkRequest, request.body, "Invalid bulk action.");
    const input = parsed.filters ? { ...parsed, filters: withAssignee(request, parsed.filters) } : parsed;
    if (input.action === "delete" && adminOf(request).role !== "owner")
      return reply.code(403).send({ message: OWNER_ONLY_MESSAGE });
    if (input.action === "assign" && !(await assignable(input.assigneeId))) {
      return reply.code(400).send({ message: UNKNOWN_ASSIGNEE, errors: { assigneeId: UNKNOWN_ASSIGNEE } });
    }
    const outcome = await leads.bulk(target, input, activityActor(adminOf(request)));
    if ("matched" in outcome) {
      const message = `${numbers.format(outcome.matched)} leads match these filters, and one action takes at most ${numbers.format(BULK_LIMIT)}. Narrow the filters first.`;
      return reply.code(400).send({ message, errors: { filters: message } });
    }
    // Leads rescued from spam have deliveries to send now.
    if (input.action === "setStatus" || input.action === "restore") app.deliveryWorker.wake();
    // What was done and by whom; never the leads themselves.
    request.log.info(
      { kind: target, action: input.action, count: outcome.done.affected, userId: adminOf(request).userId },
      "bulk action on leads",
    );
    if (input.action === "assign" && input.assigneeId) {
      const changed = outcome.done.previous
        .filter((lead) => lead.assigneeId !== input.assigneeId)
        .map((lead) => lead.id);
      await tellAssignee(request, input.assigneeId, await leads.names(changed));
    }
    return outcome.done;
  }

  // Every route of this plugin is the admin's, and never cached.
  app.addHook("preHandler", app.adminSessions.requireAdmin);
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  app.get("/api/admin/stats", async () => leads.stats());

  // The dashboard's day: "Now" in the business hours, who needs a reply, which follow-ups are due (in the
  // owner's time zone); `assignee=me`: the signed-in user's day (theirs and the unassigned leads).
  app.get("/api/admin/today", async (request) => {
    const { assignee } = parseInput(todayParams, request.query, "Invalid parameters.");
    const now = app.clock();
    const window = nowWindow(now, await app.repositories.businessHours.get());
    return leads.today(
      now,
      app.config.delivery.ownerTimeZone,
      window,
      assignee === "me" ? adminOf(request).userId : undefined,
    );
  });

  // What the admin polls every second while open, to refetch "Now", the lists and the lead pages the
  // moment a lead or a reply from one arrives: three index lookups, whichever instance took it.
  app.get("/api/admin/pulse", async (): Promise<AdminPulse> => leads.pulse());

  // Both kinds in one list (issue 20). Static paths: the router prefers them to /api/admin/leads/:kind.
  app.get("/api/admin/leads/all", async (request) => {
    const query = withAssignee(request, parseInput(leadListQuery, request.query, "Invalid list parameters."));
    return leads.listAll(query, { sort: query.sort, cursor: query.cursor, limit: query.limit });
  });

  app.get("/api/admin/leads/all/counts", async (request) => {
    const filters = withAssignee(request, parseInput(leadFilters, request.query, "Invalid count parameters."));
    return leads.countsAll(filters);
  });

  app.post("/api/admin/leads/all/bulk", { bodyLimit: BULK_BODY_LIMIT_BYTES }, async (request, reply) =>
    bulk("all", request, reply),
  );

  app.get("/api/admin/leads/all/:id/neighbours", async (request, reply) => {
    const { id } = parseInput(anyLeadParams, request.params, "Invalid lead address.");
    const query = withAssignee(request, parseInput(leadNeighboursQuery, request.query, "Invalid list parameters."));
    const neighbours = await leads.neighboursAll(id, query, query.sort);
    return neighbours ?? reply.code(404).send(NOT_FOUND);
  });

  app.get("/api/admin/leads/:kind", async (request) => {
    const { kind } = parseInput(leadKindParams, request.params, "Unknown kind of lead.");
    const query = withAssignee(request, parseInput(leadListQuery, request.query, "Invalid list parameters."));
    return leads.list(kind, query, { sort: query.sort, cursor: query.cursor, limit: query.limit });
  });

  // Each view's count (the inbox's tabs and status filter): view, status and unread are not filters here.
  app.get("/api/admin/leads/:kind/counts", async (request) => {
    const { kind } = parseInput(leadKindParams, request.params, "Unknown kind of lead.");
    const filters = withAssignee(request, parseInput(leadFilters, request.query, "Invalid count parameters."));
    return leads.counts(kind, filters);
  });

  app.post("/api/admin/leads/:kind/bulk", { bodyLimit: BULK_BODY_LIMIT_BYTES }, async (request, reply) => {
    const { kind } = parseInput(leadKindParams, request.params, "Unknown kind of lead.");
    return bulk(kind, request, reply);
  });

  /**
   * A CSV export (issue 38, contract/lead-export.ts) of one kind or of both ("all"), streamed as it is made:
   * the byte-order mark and header first, then the lines in chunks. The Activity records which export and
   * how many rows (never the rows) once the last line is made.
   */
  function sendExport(
    request: FastifyRequest,
    reply: FastifyReply,
    target: BulkTarget,
    filters: ReturnType<typeof leadFilters.parse>,
  ) {
    const admin = adminOf(request);
    const given = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined));
    const what = { all: "leads", contacts: "contact leads", inquiries: "service inquiries" }[target];
    const kinds = target === "all" ? kindsOfAll(filters) : [target];
    const lines = leads.exportLines(kinds, filters, (rows) =>
      app.repositories.activity.record({
        actor: activityActor(admin),
        kind: "export",
        summary: `exported ${numbers.format(rows)} ${what} as CSV`,
        data: { kind: target, rows, filters: given },
      }),
    );
    async function* chunks() {
      yield Buffer.concat([CSV_BYTE_ORDER_MARK, Buffer.from(`${leadExportHeader()}\r\n`)]);
      for await (const batch of lines) yield Buffer.from(`${batch.join("\r\n")}\r\n`);
    }
    const day = app.clock().toISOString().slice(0, 10);
    return reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="${target}-${filters.view}-${day}.csv"`)
      .send(Readable.from(chunks()));
  }

  app.get("/api/admin/leads/all/export.csv", { preHandler: app.adminSessions.requireOwner }, async (request, reply) => {
    const filters = withAssignee(request, parseInput(leadFilters, request.query, "Invalid export parameters."));
    return sendExport(request, reply, "all", filters);
  });

  app.get(
    "/api/admin/leads/:kind/export.csv",
    { preHandler: app.adminSessions.requireOwner },
    async (request, reply) => {
      const { kind } = parseInput(leadKindParams, request.params, "Unknown kind of lead.");
      const filters = withAssignee(request, parseInput(leadFilters, request.query, "Invalid export parameters."));
      return sendExport(request, reply, kind, filters);
    },
  );

  app.get("/api/admin/leads/:kind/:id", async (request, reply) => {
    const { kind, id } = parseInput(leadParams, request.params, "Invalid lead address.");
    const lead = await leads.find(kind, id);
    return lead ?? reply.code(404).send(NOT_FOUND);
  });

  // The same person's other leads (same e-mail or phone, issue 24): the lead page's "Also sent".
  app.get("/api/admin/leads/:kind/:id/related", async (request, reply): Promise<RelatedLeads> => {
    const { kind, id } = parseInput(leadParams, request.params, "Invalid lead address.");
    const items = await leads.reports.related(kind, id);
    return items ? { items } : reply.code(404).send(NOT_FOUND);
  });

  app.get("/api/admin/leads/:kind/:id/neighbours", async (request, reply) => {
    const { kind, id } = parseInput(leadParams, request.params, "Invalid lead address.");
    const query = withAssignee(request, parseInput(leadNeighboursQuery, request.query, "Invalid list parameters."));
    const neighbours = await leads.neighbours(kind, id, query, query.sort);
    return neighbours ?? reply.code(404).send(NOT_FOUND);
  });

  app.patch("/api/admin/leads/:kind/:id", async (request, reply) => {
    const { kind, id } = parseInput(leadParams, request.params, "Invalid lead address.");
    const change = parseInput(leadUpdate, request.body, "Invalid change.");
    if (!(await assignable(change.assigneeId)))
      return reply.code(400).send({ message: UNKNOWN_ASSIGNEE, errors: { assigneeId: UNKNOWN_ASSIGNEE } });
    const assignedBefore = change.assigneeId ? (await leads.find(kind, id))?.assigneeId : undefined;
    const outcome = await leads.update(kind, id, change, activityActor(adminOf(request)));
    if (outcome === "not-found") return reply.code(404).send(NOT_FOUND);
    // A value for a lead that is not won, or a follow-up note on a lead that has no follow-up time.
    if (outcome !== "updated") {
      const field = outcome.refused === VALUE_NEEDS_WON ? "value" : "followUpNote";
      return reply.code(400).send({ message: outcome.refused, errors: { [field]: outcome.refused } });
    }
    // A lead rescued from spam has deliveries to send now.
    if (change.status && change.status !== "spam") app.deliveryWorker.wake();
    // The follow-up's note is the owner's text about a person: logged as "changed", never its words.
    const followUpChanged = change.followUpAt !== undefined || change.followUpNote !== undefined;
    request.log.info(
      {
        kind,
        id,
        status: change.status,
        read: change.read,
        followUpChanged,
        assigned: change.assigneeId !== undefined,
        valueChanged: change.value !== undefined,
      },
      "lead updated",
    );
    const lead = await leads.find(kind, id);
    if (lead && change.assigneeId && assignedBefore !== change.assigneeId) {
      await tellAssignee(request, change.assigneeId, [{ kind, id, name: `${lead.firstName} ${lead.lastName}`.trim() }]);
    }
    return lead;
  });

  app.delete("/api/admin/leads/:kind/:id", { preHandler: app.adminSessions.requireOwner }, async (request, reply) => {
    const { kind, id } = parseInput(leadParams, request.params, "Invalid lead address.");
    if (!(await leads.delete(kind, id, activityActor(adminOf(request))))) return reply.code(404).send(NOT_FOUND);
    request.log.info({ kind, id }, "lead deleted (erasure)");
    return reply.code(204).send();
  });

  app.post("/api/admin/leads/:kind/:id/notes", async (request, reply) => {
    const { kind, id } = parseInput(leadParams, request.params, "Invalid lead address.");
    const { body } = parseInput(noteInput, request.body, "Please write a note.");
    const note = await leads.addNote(kind, id, body, activityActor(adminOf(request)));
    return note ? reply.code(201).send(note) : reply.code(404).send(NOT_FOUND);
  });
}
