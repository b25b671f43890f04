import { useMutation, useQuery } from "@tanstack/react-query";
import { useId } from "react";
import type { LeadKind } from "../../../contract/admin-leads.ts";
import { displayName, type TeamUser } from "../../../contract/team.ts";
import { toast } from "../../hooks/use-toast.ts";
import { cn } from "../../lib/utils.ts";
import { updateLeadMutation } from "../api/leads.ts";
import { apiErrorOf } from "../api/request.ts";
import { teamUsersQuery } from "../api/team.ts";
import { selectClass } from "./admin-classes.ts";

// Who works a lead (issue 23): the team's names for an assignee id, a badge on the list's rows and cards,
// and the lead page's "Assigned to" select.

/** The team's active users (the choices) and a name for any id (a deactivated one too). */
export function useTeam(): { active: TeamUser[]; nameOf: (id: string | null) => string | null } {
  const { data } = useQuery(teamUsersQuery);
  const users = data?.users ?? [];
  return {
    active: users.filter((user) => user.active),
    nameOf: (id) => {
      if (!id) return null;
      const user = users.find((candidate) => candidate.id === id);
      return user ? displayName(user) : "A former user";
    },
  };
}

function initials(name: string): string {
  const parts = name
    .replace(/@.*/, "")
    .split(/[\s._-]+/)
    .filter(Boolean);
  return ((parts[0]?.[0] ?? "?") + (parts[1]?.[0] ?? "")).toUpperCase();
}

/** A row's assignee: initials in a circle, the name for screen readers and on hover. */
export function AssigneeBadge({ assigneeId }: { assigneeId: string | null }) {
  const { nameOf } = useTeam();
  const name = nameOf(assigneeId);
  if (!name) return null;
  return (
    <span className="inline-flex items-center gap-1 text-xs font-semibold text-slate-800" title={`Assigned to ${name}`}>
      <span
        aria-hidden="true"
        className="inline-flex h-6 w-6 items-center justify-center rounded-full bg-violet-100 text-[0.7rem] font-bold text-violet-900"
      >
        {initials(name)}
      </span>
      <span className="sr-only">Assigned to {name}</span>
    </span>
  );
}

/** The lead page's "Assigned to": Unassigned or an active user; the server e-mails someone else you assign. */
export function AssigneeSelect({ kind, lead }: { kind: LeadKind; lead: { id: string; assigneeId: string | null } }) {
  const id = useId();
  const { active, nameOf } = useTeam();
  const update = useMutation(updateLeadMutation(kind));
  const current = lead.assigneeId ?? "";
  const gone = lead.assigneeId && !active.some((user) => user.id === lead.assigneeId);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="font-semibold text-slate-900">
        Assigned to
      </label>
      <select
        id={id}
        className={cn(selectClass, "min-w-48")}
        value={current}
        disabled={update.isPending}
        onChange={(event) => {
          const assigneeId = event.target.value || null;
          update.mutate(
            { id: lead.id, change: { assigneeId } },
            {
              onSuccess: () =>
                toast({
                  title: assigneeId ? "Assigned" : "Unassigned",
                  description: assigneeId ? `Assigned to ${nameOf(assigneeId)}.` : "Nobody is assigned to this lead.",
                }),
              onError: (error) =>
                toast({
                  variant: "destructive",
                  title: "Not assigned",
                  description: apiErrorOf(error)?.message ?? "Please try again.",
                }),
            },
          );
        }}
      >
        <option value="">Unassigned</option>
        {gone && <option value={current}>{nameOf(current)}</option>}
        {active.map((user) => (
          <option key={user.id} value={user.id}>
            {displayName(user)}
          </option>
        ))}
      </select>
    </div>
  );
}
