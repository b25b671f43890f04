import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { postsQuery } from "../../api/content-posts.ts";
import { usePageTitle } from "../../components/admin-shell.tsx";
import { linkClass } from "../../components/admin-classes.ts";
import { formatDateTime } from "../../components/lead-format.ts";
import { liveWhen } from "./content-format.ts";
import { ContentTabs } from "./content-tabs.tsx";
import { StatusBadge } from "./status-badge.tsx";

// Content, Articles (issue 37): every post with its state, when it went (or goes) live and when it last
// changed; newest change first. A table from md up, stacked rows on a phone.

export function PostsPage() {
  usePageTitle("Articles | Admin");
  const posts = useQuery(postsQuery);
  const list = [...(posts.data?.posts ?? [])].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  return (
    <>
      <ContentTabs current="posts" />
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-slate-900">Articles</h2>
        <Button asChild>
          <Link to="/admin/content/posts/new">New article</Link>
        </Button>
      </div>
      {posts.isLoading ? (
        <p role="status" className="mt-4 text-slate-700">
          Loading...
        </p>
      ) : posts.isError ? (
        <p role="alert" className="mt-4 text-red-800">
          The articles could not be loaded. Please reload the page.
        </p>
      ) : list.length === 0 ? (
        <p className="mt-4 text-slate-800">No articles yet.</p>
      ) : (
        <table className="mt-4 w-full border-collapse text-left">
          <thead className="sr-only md:not-sr-only">
            <tr className="border-b border-slate-300 text-sm text-slate-800">
              <th scope="col" className="py-2 pr-4 font-semibold">
                Title
              </th>
              <th scope="col" className="py-2 pr-4 font-semibold">
                Status
              </th>
              <th scope="col" className="py-2 pr-4 font-semibold">
                Live
              </th>
              <th scope="col" className="py-2 font-semibold">
                Updated
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((post) => (
              <tr
                key={post.id}
                className="flex flex-col gap-1 border-b border-slate-200 py-3 md:table-row md:py-0"
                data-testid="post-row"
              >
                <td className="md:py-3 md:pr-4">
                  <Link to={`/admin/content/posts/${post.id}`} className={linkClass}>
                    {post.title}
                  </Link>
                  <span className="block text-sm break-all text-slate-700">/blog/{post.slug}</span>
                </td>
                <td className="md:py-3 md:pr-4">
                  <StatusBadge post={post} />
                </td>
                <td className="text-sm text-slate-800 md:py-3 md:pr-4">{liveWhen(post)}</td>
                <td className="text-sm text-slate-800 md:py-3">
                  <span className="md:sr-only">Updated </span>
                  {formatDateTime(post.updatedAt)}
                  {post.updatedBy && <span className="text-slate-700"> by {post.updatedBy.name}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
