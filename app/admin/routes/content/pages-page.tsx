import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { pagesQuery } from "../../api/content-pages.ts";
import { usePageTitle } from "../../components/admin-shell.tsx";
import { cn } from "../../../lib/utils.ts";
import { focusRing, linkClass } from "../../components/admin-classes.ts";
import { ContentTabs } from "./content-tabs.tsx";

// Content, Pages (issue 37): the pages whose copy the owner edits, each with its live address (a new tab) and
// whether its draft holds changes not published yet (the list answers each page's revisions, in one read).

export function PagesPage() {
  usePageTitle("Pages | Admin");
  const pages = useQuery(pagesQuery);
  const list = pages.data?.pages ?? [];
  return (
    <>
      <ContentTabs current="pages" />
      <h2 className="mt-6 text-xl font-semibold text-slate-900">Pages</h2>
      <p className="mt-1 text-slate-800">The texts of the site’s pages. Change a line, preview it, then publish.</p>
      {pages.isLoading ? (
        <p role="status" className="mt-4 text-slate-700">
          Loading...
        </p>
      ) : pages.isError ? (
        <p role="alert" className="mt-4 text-red-800">
          The pages could not be loaded. Please reload the page.
        </p>
      ) : list.length === 0 ? (
        <p className="mt-4 text-slate-800">No page can be edited yet: the site has not been built.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 border-y border-slate-200" aria-label="Editable pages">
          {list.map((page) => {
            const unpublished = page.revision !== page.publishedRevision;
            return (
              <li
                key={page.key}
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3"
                data-testid="page-row"
              >
                <span className="min-w-0">
                  <Link to={`/admin/content/pages/${page.key}`} className={linkClass}>
                    {page.label}
                  </Link>
                  <a
                    href={page.path}
                    target="_blank"
                    rel="noopener"
                    className={cn(
                      "block w-fit rounded-sm text-sm break-all text-slate-700 underline underline-offset-4 hover:text-slate-900",
                      focusRing,
                    )}
                  >
                    {page.path}
                    <span className="sr-only"> (the live page, opens in a new tab)</span>
                  </a>
                </span>
                {unpublished && (
                  <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-900">
                    Changes not published
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
