import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from '@coffer/web-core/router';
import { Search } from 'lucide-react';
import { Input } from '@coffer/ui';

/** How long typing must pause before the results follow it. */
export const SEARCH_DEBOUNCE_MS = 250;

/**
 * The top bar's search box: finds the user's files and folders by name, in every folder (/dashboard/search?q=).
 * The results follow the box as the person types, once they pause; Enter searches at once.
 */
export function DashboardSearch() {
  const navigate = useNavigate();
  const onSearchPage = useLocation().pathname.startsWith('/dashboard/search');
  const [params] = useSearchParams();
  const q = onSearchPage ? (params.get('q') ?? '') : '';
  const [text, setText] = useState(q);
  // Follow the URL (back and forward, or leaving the results), but not the box's own search: what is typed stays as typed.
  const [followed, setFollowed] = useState(q);
  if (q !== followed) {
    setFollowed(q);
    if (q !== text.trim()) setText(q);
  }
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(pending.current), []);

  const search = (typed: string) => {
    clearTimeout(pending.current);
    const query = typed.trim();
    if (query === q && onSearchPage) return;
    if (query) navigate(`/dashboard/search?q=${encodeURIComponent(query)}`, { replace: onSearchPage });
    else if (onSearchPage) navigate('/dashboard/search', { replace: true });
  };

  return (
    <form
      role="search"
      className="relative w-full max-w-md min-w-0"
      onSubmit={(event) => {
        event.preventDefault();
        const query = text.trim();
        clearTimeout(pending.current);
        navigate(query ? `/dashboard/search?q=${encodeURIComponent(query)}` : '/dashboard/files', { replace: onSearchPage });
      }}
    >
      <Search aria-hidden className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input
        type="search"
        aria-label="Search files"
        placeholder="Search files..."
        className="h-9 pl-8"
        value={text}
        onChange={(event) => {
          const typed = event.target.value;
          setText(typed);
          clearTimeout(pending.current);
          pending.current = setTimeout(() => search(typed), SEARCH_DEBOUNCE_MS);
        }}
      />
    </form>
  );
}
