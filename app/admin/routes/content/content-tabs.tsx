import { ViewTabs } from "../../components/admin-shell.tsx";

// Content's screens (issue 37): the articles, the pages' copy and the site's settings, as tabs of links under
// one heading.

export function ContentTabs({ current }: { current: "posts" | "pages" | "site" }) {
  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">Content</h1>
      <ViewTabs
        label="Content"
        views={[
          { key: "posts", to: "/admin/content/posts", label: "Articles", current: current === "posts" },
          { key: "pages", to: "/admin/content/pages", label: "Pages", current: current === "pages" },
          { key: "site", to: "/admin/content/site", label: "Site settings", current: current === "site" },
        ]}
      />
    </>
  );
}
