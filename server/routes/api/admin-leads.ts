import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { anyLeadParams, leadKindParams, leadParams, leadUpdate } from "../../../contract/admin-leads.ts";
import { leadFilters, leadListQuery } from "../../../contract/lead-filters.ts";
import { noteInput } from "../../../contract/lead-notes.ts";
import { BULK_LIMIT, bulkRequest, leadNeighboursQuery } from "../../../contract/lead-triage.ts";
import { parseInput } from "../../lib/request-errors.ts";
import { csvFile } from "../../lib/csv.ts";
import type { BulkTarget } from "../../repositories/leads/bulk.ts";
import { leadCsvHeader } from "../../repositories/leads/csv.ts";

// The owner's inbox (contract/admin-leads.ts). Everything here needs the admin session; the origin
// check (plugins/app/origin-check.ts) refuses state changes from other sites before they arrive here.

const NOT_FOUND = { message: "There is no such lead (it may have been deleted)" };
const numbers = new Intl.NumberFormat("en-US");
/** A full selection (BULK_LIMIT ids) or its Undo (as many { id, status, read }) is larger than the app's 32 KB. */
const BULK_BODY_LIMIT_BYTES = 128 * 1024;

export default async function adminLeadRoutes(app: FastifyInstance) {
  const { leads } = app.repositories;

  /** A bulk action on one kind's list or on the combined list ("all"). */
  async function bulk(target: BulkTarget, request: FastifyRequest, reply: FastifyReply) {
    const input = parseInput(bulkRequest, request.body, "Invalid bulk action.");
    const outcome = await leads.bulk(target, input);
    if ("matched" in outcome) {
      const message = `${numbers.format(outcome.matched)} leads match these filters, and one action takes at most ${numbers.format(BULK_LIMIT)}. Narrow the filters first.`;
      return reply.code(400).send({ message, errors: { filters: message } });
    }
    // Leads rescued from spam have deliveries to send now.
    if (input.action === "setStatus" || input.action === "restore") app.deliveryWorker.wake();
    // What was done and by whom; never the leads themselves.
    request.log.info({ kind: target, action: input.action, count: outcome.done.affected, userId: request.admin!.userId }, "bulk action on leads");
    return outcome.done;
  }

  // Every route of this plugin is the admin's, and never cached.
  app.addHook("preHandler", app.adminSessions.requireAdmin);
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  app.get("/api/admin/stats", async () => leads.stats());

  // The dashboard's day: who needs a reply, which follow-ups are due (in the owner's time zone).
  app.get("/api/admin/today", async () => leads.today(app.clock(), app.config.delivery.ownerTimeZone));

  // Both kinds in one list (issue 20). Static paths: the router prefers them to /api/admin/leads/:kind.
  app.get("/api/admin/leads/all", async (request) => {
    const query = parseInput(leadListQuery, request.query, "Invalid list parameters.");
    return leads.listAll(query, { sort: query.sort, cursor: query.cursor, limit: query.limit });
  });

  app.get("/api/admin/leads/all/counts", async (request) => {
    const filters = parseInput(leadFilters, request.query, "Invalid count parameters.");
    return leads.countsAll(filters);
  });

  app.post("/api/admin/leads/all/bulk", { bodyLimit: BULK_BODY_LIMIT_BYTES }, async (request, reply) => bulk("all", request, reply));

  app.get("/api/admin/leads/all/:id/neighbours", async (request, reply) => {
    const { id } = parseInput(anyLeadParams, request.params, "Invalid lead address.");
    const query = parseInput(leadNeighboursQuery, request.query, "Invalid list parameters.");
    const neighbours = await leads.neighboursAll(id, query, query.sort);
    return neighbours ?? reply.code(404).send(NOT_FOUND);
  });

  app.get("/api/admin/leads/:kind", async (request) => {
    const { kind } = parseInput(leadKindParams, request.params, "Unknown kind of lead.");
    const query = parseInput(leadListQuery, request.query, "Invalid list parameters.");
    return leads.list(kind, query, { sort: query.sort, cursor: query.cursor, limit: query.limit });
  });

  // Each view's count (the inbox's tabs and status filter): view, status and unread are not filters here.
  app.get("/api/admin/leads/:kind/counts", async (request) => {
    const { kind } = parseInput(leadKindParams, request.params, "Unknown kind of lead.");
    const filters = parseInput(leadFilters, request.query, "Invalid count parameters.");
    return leads.counts(kind, filters);
  });

  app.post("/api/admin/leads/:kind/bulk", { bodyLimit: BULK_BODY_LIMIT_BYTES }, async (request, reply) => {
    const { kind } = parseInput(leadKindParams, request.params, "Unknown kind of lead.");
    return bulk(kind, request, reply);
  });

  app.get("/api/admin/leads/:kind/export.csv", async (request, reply) => {
    const { kind } = parseInput(leadKindParams, request.params, "Unknown kind of lead.");
    const filters = parseInput(leadFilters, request.query, "Invalid export parameters.");
    const csv = csvFile([leadCsvHeader(kind), ...(await leads.csvLines(kind, filters))]);
    const day = app.clock().toISOString().slice(0, 10);
    return reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="${kind}-${filters.view}-${day}.csv"`)
      .send(csv);
  });

  app.get("/api/admin/leads/:kind/:id", async (request, reply) => {
    const { kind, id } = parseInput(leadParams, request.params, "Invalid lead address.");
    const lead = await leads.find(kind, id);
    return lead ?? reply.code(404).send(NOT_FOUND);
  });

  app.get("/api/admin/leads/:kind/:id/neighbours", async (request, reply) => {
    const { kind, id } = parseInput(leadParams, request.params, "Invalid lead address.");
    const query = parseInput(leadNeighboursQuery, request.query, "Invalid list parameters.");
    const neighbours = await leads.neighbours(kind, id, query, query.sort);
    return neighbours ?? reply.code(404).send(NOT_FOUND);
  });

  app.patch("/api/admin/leads/:kind/:id", async (request, reply) => {
    const { kind, id } = parseInput(leadParams, request.params, "Invalid lead address.");
    const change = parseInput(leadUpdate, request.body, "Invalid change.");
    const outcome = await leads.update(kind, id, change);
    if (outcome === "not-found") return reply.code(404).send(NOT_FOUND);
    // A follow-up note on a lead that has no follow-up time (none sent, none stored).
    if (outcome !== "updated") return reply.code(400).send({ message: outcome.refused, errors: { followUpNote: outcome.refused } });
    // A lead rescued from spam has deliveries to send now.
    if (change.status && change.status !== "spam") app.deliveryWorker.wake();
    // The follow-up's note is the owner's text about a person: logged as "changed", never its words.
    const followUpChanged = change.followUpAt !== undefined || change.followUpNote !== undefined;
    request.log.info({ kind, id, status: change.status, read: change.read, followUpChanged }, "lead updated");
    return leads.find(kind, id);
  });

  app.delete("/api/admin/leads/:kind/:id", async (request, reply) => {
    const { kind, id } = parseInput(leadParams, request.params, "Invalid lead address.");
    if (!(await leads.delete(kind, id))) return reply.code(404).send(NOT_FOUND);
    request.log.info({ kind, id }, "lead deleted (erasure)");
    return reply.code(204).send();
  });

  app.post("/api/admin/leads/:kind/:id/notes", async (request, reply) => {
    const { kind, id } = parseInput(leadParams, request.params, "Invalid lead address.");
    const { body } = parseInput(noteInput, request.body, "Please write a note.");
    const note = await leads.addNote(kind, id, body);
    return note ? reply.code(201).send(note) : reply.code(404).send(NOT_FOUND);
  });
}


