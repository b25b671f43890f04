import { mutationOptions, queryOptions, type QueryClient } from "@tanstack/react-query";
import type { LeadKind } from "../../../contract/admin-leads.ts";
import type { CallAnswer, CallInput } from "../../../contract/lead-calls.ts";
import type {
  ReplyInput,
  ReplyTemplate,
  ReplyTemplateInput,
  ReplyTemplatesAnswer,
} from "../../../contract/lead-messages.ts";
import { apiRequest } from "../../lib/api-client.ts";
import { LEADS_ROOT, leadKeys, refreshLeadQueries } from "./leads.ts";
import { getJson, sendJson } from "./request.ts";

// Answering a lead from its page (contract/lead-messages.ts, lead-calls.ts): the reply templates, a reply
// (queued: the lead's page refetches to show it sent), "Send again" on a failed one, and a logged call.
// Each answer changes the lead (status, answered), so its page and the lists refresh.

const TEMPLATES_URL = "/api/admin/reply-templates";

export const replyTemplatesQuery = queryOptions({
  queryKey: ["admin", "reply-templates"],
  queryFn: () => getJson<ReplyTemplatesAnswer>(TEMPLATES_URL),
});

/** The lead's page and the lists it is in are fetched again. */
function refreshLead(client: QueryClient, kind: LeadKind, id: string) {
  void client.invalidateQueries({ queryKey: leadKeys.detail(kind, id) });
  refreshLeadQueries(client, kind);
}

export function sendReplyMutation(kind: LeadKind, id: string) {
  return mutationOptions({
    mutationFn: (reply: ReplyInput) => sendJson<{ id: string }>("POST", `${LEADS_ROOT}/${kind}/${id}/replies`, reply),
    onSuccess: (_message, _variables, _result, { client }) => refreshLead(client, kind, id),
  });
}

export function retryReplyMutation(kind: LeadKind, id: string) {
  return mutationOptions({
    mutationFn: (messageId: string) =>
      sendJson<{ id: string }>("POST", `${LEADS_ROOT}/${kind}/${id}/replies/${messageId}/retry`),
    onSuccess: (_message, _variables, _result, { client }) => refreshLead(client, kind, id),
  });
}

export function logCallMutation(kind: LeadKind, id: string) {
  return mutationOptions({
    mutationFn: (call: CallInput) => sendJson<CallAnswer>("POST", `${LEADS_ROOT}/${kind}/${id}/calls`, call),
    onSuccess: (_call, _variables, _result, { client }) => refreshLead(client, kind, id),
  });
}

/** POST (no id) or PUT (an id) a template; the list is fetched again. */
export const saveTemplateMutation = mutationOptions({
  mutationFn: ({ id, template }: { id: string | null; template: ReplyTemplateInput }) =>
    id
      ? sendJson<ReplyTemplate>("PUT", `${TEMPLATES_URL}/${id}`, template)
      : sendJson<ReplyTemplate>("POST", TEMPLATES_URL, template),
  onSuccess: (_template, _variables, _result, { client }) =>
    client.invalidateQueries({ queryKey: replyTemplatesQuery.queryKey }),
});

export const deleteTemplateMutation = mutationOptions({
  mutationFn: async (id: string) => {
    await apiRequest("DELETE", `${TEMPLATES_URL}/${id}`);
  },
  onSuccess: (_data, _id, _result, { client }) => client.invalidateQueries({ queryKey: replyTemplatesQuery.queryKey }),
});
