import { infiniteQueryOptions } from "@tanstack/react-query";
import type { ActivityKind, ActivityPage } from "../../../contract/activity.ts";
import { getJson } from "./request.ts";

// GET /api/admin/activity (owners): newest first, "Load more" by the answer's cursor.

export function activityQuery(filters: { user?: string | undefined; kind?: ActivityKind | undefined }) {
  const params = new URLSearchParams();
  if (filters.user) params.set("user", filters.user);
  if (filters.kind) params.set("kind", filters.kind);
  return infiniteQueryOptions({
    queryKey: ["/api/admin/activity", params.toString()],
    queryFn: ({ pageParam }) => {
      const page = new URLSearchParams(params);
      if (pageParam) page.set("cursor", pageParam);
      return getJson<ActivityPage>(`/api/admin/activity?${page.toString()}`);
    },
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
