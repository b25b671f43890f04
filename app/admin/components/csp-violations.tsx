import { useQuery } from "@tanstack/react-query";
import { CSP_VIOLATION_LIST_MAX } from "../../../contract/csp-reports.ts";
import { cn } from "../../lib/utils.ts";
import { cspViolationsQuery } from "../api/csp-violations.ts";
import { focusRing } from "./admin-classes.ts";
import { formatCount, formatDateTime } from "./lead-format.ts";

// "Blocked by the security policy": what the pages' Content-Security-Policy blocked in visitors'
// browsers in the last days (browser extensions often show here too), counted by the server from the
// browsers' reports. One row per day, page, directive and blocked source, newest first.

export const CSP_SECTION_TITLE = "Blocked by the security policy";

export function CspViolationsSection() {
  const violations = useQuery(cspViolationsQuery);
  const data = violations.data;
  const th = "px-3 py-2 font-semibold";
  return (
    <section aria-labelledby="csp-violations-title" aria-busy={violations.isFetching} className="mt-10">
      <h2 id="csp-violations-title" className="text-xl font-bold text-slate-900">
        {CSP_SECTION_TITLE}
      </h2>
      <p className="mt-1 text-slate-700">
        What the site’s security policy stopped in visitors’ browsers{data ? ` in the last ${data.days} days` : ""}: an
        unexpected script or style, or one from a site the pages do not use. A few now and then are usually browser
        extensions; many on one page mean something on it needs a look.
      </p>
      {violations.isLoading ? (
        <p className="mt-4 text-slate-700" role="status">
          Loading...
        </p>
      ) : violations.isError || !data ? (
        <p className="mt-4 text-red-700" role="alert">
          The security policy’s reports could not be loaded. Please reload the page.
        </p>
      ) : data.items.length === 0 ? (
        <p className="mt-4 text-slate-700">Nothing was blocked in the last {data.days} days.</p>
      ) : (
        <>
          <p className="mt-4 text-slate-800">
            {formatCount(data.total)} {data.total === 1 ? "report" : "reports"} in all
            {data.items.length === CSP_VIOLATION_LIST_MAX
              ? `; the newest ${CSP_VIOLATION_LIST_MAX} rows are listed`
              : ""}
            .
          </p>
          <div
            role="region"
            aria-label={CSP_SECTION_TITLE}
            tabIndex={0}
            className={cn("relative mt-2 overflow-x-auto rounded-sm", focusRing)}
          >
            <table className="w-full border-collapse text-left text-sm">
              <caption className="sr-only">
                {CSP_SECTION_TITLE}: reports per day, page, directive and blocked source
              </caption>
              <thead className="border-b border-slate-300 text-slate-800">
                <tr>
                  <th scope="col" className={th}>
                    Day
                  </th>
                  <th scope="col" className={th}>
                    Page
                  </th>
                  <th scope="col" className={th}>
                    Directive
                  </th>
                  <th scope="col" className={th}>
                    Blocked
                  </th>
                  <th scope="col" className={cn(th, "text-right")}>
                    Reports
                  </th>
                  <th scope="col" className={th}>
                    Last seen
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((row) => (
                  <tr
                    key={`${row.day} ${row.pagePath} ${row.directive} ${row.blocked}`}
                    className="border-b border-slate-200 align-top"
                  >
                    <td className="whitespace-nowrap px-3 py-2 text-slate-800">
                      <time dateTime={row.day}>{row.day}</time>
                    </td>
                    <th scope="row" className="max-w-64 break-words px-3 py-2 text-left font-medium text-slate-900">
                      {row.pagePath}
                    </th>
                    <td className="px-3 py-2 font-mono text-slate-800">{row.directive}</td>
                    <td className="max-w-64 break-words px-3 py-2 font-mono text-slate-800">{row.blocked}</td>
                    <td className="px-3 py-2 text-right tabular-nums text-slate-800">{formatCount(row.count)}</td>
                    <td className="whitespace-nowrap px-3 py-2 text-slate-800">
                      <time dateTime={row.lastSeenAt}>{formatDateTime(row.lastSeenAt)}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
