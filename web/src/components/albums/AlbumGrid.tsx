import { useEffect, useRef, type ReactNode } from 'react';
import { Disc3 } from 'lucide-react';
import { AlbumCard } from '@/components/cards/AlbumCard';
import { Button, EmptyState, PageLoader } from '@/components/ui';
import { useAlbumPages, type AlbumListParams } from '@/lib/albums';
import { errorMessage } from '@/lib/api-client';
import './albums.css';

interface AlbumGridProps {
  params: AlbumListParams;
  /** The grid's accessible name. */
  label: string;
  /** What to show when nothing matches. */
  empty: ReactNode;
}

/**
 * Albums as a grid of covers, a page at a time: the next page loads when the
 * end of the grid scrolls into view, or with 'Load more' (keyboards, and
 * browsers without IntersectionObserver).
 */
export function AlbumGrid({ params, label, empty }: AlbumGridProps) {
  const pages = useAlbumPages(params);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (pages.isPending) return <PageLoader />;
  if (pages.isError) {
    return (
      <EmptyState
        icon={Disc3}
        title="We could not load the albums"
        action={<Button onClick={() => void pages.refetch()}>Try again</Button>}
      >
        {errorMessage(pages.error)}
      </EmptyState>
    );
  }
  const albums = pages.data.pages.flat();
  if (albums.length === 0) return <>{empty}</>;
  return (
    <>
      <ul className="album-grid" aria-label={label}>
        {albums.map((album) => (
          <li key={album._id}>
            <AlbumCard album={album} />
          </li>
        ))}
      </ul>
      <div ref={sentinel} className="album-grid__more">
        {hasNextPage && (
          <Button
            variant="secondary"
            loading={isFetchingNextPage}
            onClick={() => void fetchNextPage()}
          >
            Load more
          </Button>
        )}
        {pages.isFetchNextPageError && (
          <p className="album-grid__error" role="alert">
            We could not load more albums. Please try again.
          </p>
        )}
      </div>
    </>
  );
}
