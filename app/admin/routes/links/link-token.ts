import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";

/**
 * The token of the e-mailed link this page was opened from (/admin/invitation#<token>), read once. The
 * fragment never reaches a server, a log or a Referer (issue 32); it is then dropped from the address bar
 * and the history entry, so the link is not left behind in this browser either.
 */
export function useLinkToken(): string {
  const { hash, pathname, search } = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => decodeURIComponent(hash.replace(/^#/, "")));
  useEffect(() => {
    // Replaces the entry (history.replaceState): Back does not bring the link back.
    if (hash) void navigate({ pathname, search }, { replace: true });
  }, [hash, pathname, search, navigate]);
  return token;
}
