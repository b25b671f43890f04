import { queryOptions } from "@tanstack/react-query";
import type { InboundStatus } from "../../../contract/inbound-status.ts";
import { getJson } from "./request.ts";

// GET /api/admin/inbound-status (contract/inbound-status.ts): are replies from leads collected, and how the
// last check of the mailbox went.

export const inboundStatusQuery = queryOptions({
  queryKey: ["/api/admin/inbound-status"] as const,
  queryFn: () => getJson<InboundStatus>("/api/admin/inbound-status"),
  // The poller checks every IMAP_POLL_SECONDS; a minute-old answer is close enough.
  staleTime: 60_000,
});
