import { Link } from '@coffer/web-core/router';
import { CofferLogo } from './coffer-logo';
import { PUBLIC_NAV_LINKS } from './public-nav';

const FOOTER_COLUMNS = [
  { title: 'Product', links: [...PUBLIC_NAV_LINKS, { to: '/contact-sales', label: 'Contact Sales' }] },
  {
    title: 'Legal',
    links: [
      { to: '/terms', label: 'Terms of Service' },
      { to: '/privacy', label: 'Privacy Policy' },
    ],
  },
] as const;

/** Footer of the public pages, with the spec's copyright line. */
export function PublicFooter() {
  return (
    <footer className="border-t border-border bg-muted/40">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-[1fr_auto_auto] sm:gap-16 sm:px-6">
        <div className="flex flex-col gap-3">
          <CofferLogo />
          <p className="max-w-xs text-sm text-muted-foreground">Secure file storage and sharing for small and medium businesses.</p>
        </div>
        {FOOTER_COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="mb-3 text-sm font-semibold">{column.title}</h2>
            <ul className="flex flex-col gap-2">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-sm text-muted-foreground transition-colors hover:text-foreground hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-border">
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-muted-foreground sm:px-6">© 2025 Coffer. All rights reserved.</p>
      </div>
    </footer>
  );
}
