import { useId } from "react";
import { SEARCH_DESCRIPTION_MAX, SEARCH_TITLE_MAX, truncateForSearch } from "./content-format.ts";

// How an article or a page may show in a search result (issue 37): the title in blue, the address, the
// description, cut about where a search engine cuts them.

export function SearchPreview({ title, path, description }: { title: string; path: string; description: string }) {
  const titleId = useId();
  const host = typeof window === "undefined" ? "" : window.location.host;
  return (
    <section aria-labelledby={titleId} className="rounded-md border border-slate-300 bg-white p-4">
      <h3 id={titleId} className="text-sm font-semibold text-slate-800">
        In search results
      </h3>
      <div className="mt-2" data-testid="search-preview">
        <p className="text-sm break-all text-slate-800">{[host, ...path.split("/").filter(Boolean)].join(" › ")}</p>
        <p className="text-lg text-[#1a0dab]">{truncateForSearch(title, SEARCH_TITLE_MAX) || "Title"}</p>
        <p className="text-sm text-slate-800">
          {truncateForSearch(description, SEARCH_DESCRIPTION_MAX) || "Description"}
        </p>
      </div>
    </section>
  );
}
