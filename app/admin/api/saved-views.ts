import { mutationOptions, queryOptions } from "@tanstack/react-query";
import type { SavedView, SavedViewInput, SavedViews } from "../../../contract/saved-views.ts";
import { apiRequest } from "../../lib/api-client.ts";
import { getJson, sendJson } from "./request.ts";

// GET, POST /api/admin/saved-views and DELETE /api/admin/saved-views/:id (issue 38, contract/saved-views.ts):
// the signed-in user's own named lead lists.

export const SAVED_VIEWS_PATH = "/api/admin/saved-views";

export const savedViewsQuery = queryOptions({
  queryKey: [SAVED_VIEWS_PATH],
  queryFn: () => getJson<SavedViews>(SAVED_VIEWS_PATH),
});

export function saveView(view: SavedViewInput): Promise<SavedView> {
  return sendJson<SavedView>("POST", SAVED_VIEWS_PATH, view);
}

export async function deleteView(id: string): Promise<void> {
  await apiRequest("DELETE", `${SAVED_VIEWS_PATH}/${encodeURIComponent(id)}`);
}

/** Save a view; the list of views is read again. */
export const saveViewMutation = mutationOptions({
  mutationFn: saveView,
  onSuccess: (_view, _input, _result, { client }) => client.invalidateQueries({ queryKey: savedViewsQuery.queryKey }),
});

/** Delete a view; it leaves the cached list at once. */
export const deleteViewMutation = mutationOptions({
  mutationFn: deleteView,
  onSuccess: (_data, id, _result, { client }) =>
    client.setQueryData<SavedViews>(savedViewsQuery.queryKey, (views) =>
      views ? { items: views.items.filter((view) => view.id !== id) } : views,
    ),
});
