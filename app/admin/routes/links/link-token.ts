import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";

const tokenOf = (hash: string) => decodeURIComponent(hash.replace(/^#/, ""));

/**
 * The token of the e-mailed link this page was opened from (/admin/invitation#<token>). The fragment never
 * reaches a server, a log or a Referer (issue 32); once read it is dropped from the address bar and the
 * history entry, so the link is not left behind in this browser either. Another link opened in the same
 * tab brings its own token.
 */
export function useLinkToken(): string {
  const { hash, pathname, search } = useLocation();
  const navigate = useNavigate();
  const [token, setToken] = useState(() => tokenOf(hash));
  // A fragment that names another token (a second link in this tab) is adopted while rendering.
  if (hash && tokenOf(hash) !== token) setToken(tokenOf(hash));
  useEffect(() => {
    // Replaces the entry (history.replaceState): Back does not bring the link back.
    if (hash) void navigate({ pathname, search }, { replace: true });
  }, [hash, pathname, search, navigate]);
  return token;
}
