import { Button } from "../../../components/ui/button.tsx";
import { formatCount } from "../lead-format.ts";

// Below a list: how many of the matches are shown, "Load more" (the next keyset page) and, once more than
// one page is loaded, "Back to the first page".

export function ListPager({
  shown,
  totalText,
  hasMore,
  fetching,
  severalPages,
  onLoadMore,
  onFirstPage,
}: {
  shown: number;
  totalText: string;
  hasMore: boolean;
  fetching: boolean;
  severalPages: boolean;
  onLoadMore: () => void;
  onFirstPage: () => void;
}) {
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center gap-3">
      <p className="text-sm text-slate-800" data-testid="showing">
        Showing {formatCount(shown)} of {totalText}
      </p>
      {hasMore && (
        <Button
          type="button"
          variant="outline"
          size="sm"
          // aria-disabled rather than disabled: a disabled button would drop the keyboard focus.
          aria-disabled={fetching}
          className="aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
          onClick={() => {
            if (!fetching) onLoadMore();
          }}
        >
          Load more
        </Button>
      )}
      {severalPages && (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="text-brand-700 underline underline-offset-4"
          onClick={onFirstPage}
        >
          Back to the first page
        </Button>
      )}
    </nav>
  );
}
