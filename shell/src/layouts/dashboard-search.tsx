import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from '@coffer/web-core/router';
import { Search } from 'lucide-react';
import { Input } from '@coffer/ui';

/** The top bar's search box: finds the user's files and folders by name, in every folder (/dashboard/search?q=). */
export function DashboardSearch() {
  const navigate = useNavigate();
  const onSearchPage = useLocation().pathname.startsWith('/dashboard/search');
  const [params] = useSearchParams();
  const q = onSearchPage ? (params.get('q') ?? '') : '';
  const [text, setText] = useState(q);
  // Follow the URL (back and forward, or leaving the results).
  const [followed, setFollowed] = useState(q);
  if (q !== followed) {
    setFollowed(q);
    setText(q);
  }

  return (
    <form
      role="search"
      className="relative w-full max-w-md min-w-0"
      onSubmit={(event) => {
        event.preventDefault();
        const query = text.trim();
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
        onChange={(event) => setText(event.target.value)}
      />
    </form>
  );
}
