import { useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { Menu } from 'lucide-react';
import { Button, cn, Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@coffer/ui';
import { CofferLogo } from './coffer-logo';

const NAV_LINKS = [
  { to: '/why-coffer', label: 'Why Coffer?' },
  { to: '/pricing', label: 'Pricing' },
] as const;

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn('text-sm transition-colors hover:text-foreground', isActive ? 'font-bold text-foreground' : 'text-muted-foreground');

/** Header of the public pages. Inline links from the md breakpoint; a slide-out menu below it. */
export function PublicHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const close = () => setMenuOpen(false);

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <CofferLogo />

        <nav aria-label="Main" className="hidden items-center gap-6 md:flex">
          {NAV_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} className={navLinkClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>

        <div className="hidden items-center gap-2 md:flex">
          <Button asChild variant="ghost">
            <Link to="/login">Sign In</Link>
          </Button>
          <Button asChild>
            <Link to="/contact-sales">Contact Sales</Link>
          </Button>
        </div>

        <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
          <SheetTrigger asChild>
            <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
              <Menu />
            </Button>
          </SheetTrigger>
          <SheetContent side="right" className="w-[280px] sm:w-[350px]">
            <SheetTitle>Menu</SheetTitle>
            <SheetDescription className="sr-only">Coffer site navigation</SheetDescription>
            <nav aria-label="Mobile" className="flex flex-col gap-4 pt-2">
              {NAV_LINKS.map((link) => (
                <NavLink key={link.to} to={link.to} className={navLinkClass} onClick={close}>
                  {link.label}
                </NavLink>
              ))}
              <Button asChild variant="outline" className="w-full">
                <Link to="/login" onClick={close}>
                  Sign In
                </Link>
              </Button>
              <Button asChild className="w-full">
                <Link to="/contact-sales" onClick={close}>
                  Contact Sales
                </Link>
              </Button>
            </nav>
          </SheetContent>
        </Sheet>
      </div>
    </header>
  );
}
