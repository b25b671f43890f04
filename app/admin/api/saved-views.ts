import { mutationOptions, queryOptions } from "@tanstack/react-query";
import type { SavedView, SavedViewInput, SavedViews } from "../../../contract/saved-views.ts";
import { apiRequest } from "../../lib/api-client.ts";
import { getJson, sendJson } from "./request.ts";

// A user's saved views of the lead lists (issue 38, contract/saved-views.ts): GET, POST and DELETE
// /api/admin/saved-views. Each user sees only their own.

const ROOT = "/api/admin/saved-views";

export const savedViewsQuery = queryOptions({
  queryKey: [ROOT],
  queryFn: () => getJson<SavedViews>(ROOT),
});

export const saveViewMutation = mutationOptions({
  mutationFn: (view: SavedViewInput) => sendJson<SavedView>("POST", ROOT, view),
  onSuccess: (_view, _input, _result, { client }) => client.invalidateQueries({ queryKey: savedViewsQuery.queryKey }),
});

export const deleteViewMutation = mutationOptions({
  mutationFn: async (id: string) => {
    await apiRequest("DELETE", `${ROOT}/${encodeURIComponent(id)}`);
  },
  onSuccess: (_data, id, _result, { client }) =>
    client.setQueryData<SavedViews>(savedViewsQuery.queryKey, (views) =>
      views ? { items: views.items.filter((view) => view.id !== id) } : views,
    ),
});
