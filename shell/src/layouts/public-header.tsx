import { useRef, useState } from 'react';
import { Link, NavLink } from '@coffer/web-core/router';
import { Menu } from 'lucide-react';
import { Button, cn, preloadSheet, Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@coffer/ui';
import { CofferLogo } from './coffer-logo';
import { PUBLIC_NAV_LINKS } from './public-nav';

// The active page's link is bolder (spec §2); NavLink also marks it aria-current="page".
const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md text-sm transition-colors outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
    isActive ? 'font-bold text-foreground' : 'font-medium text-muted-foreground',
  );

/** Header of the public pages: inline links from the md breakpoint, a right-side slide-out menu below it. */
export function PublicHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  // The slide-out's code is fetched on the first tap (or hover) of the menu button, never on wide screens.
  const [menuMounted, setMenuMounted] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeMenu = () => setMenuOpen(false);
  const openMenu = () => {
    setMenuMounted(true);
    setMenuOpen(true);
  };

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
        <CofferLogo />

        <nav aria-label="Main" className="ml-6 hidden items-center gap-6 md:flex">
          {PUBLIC_NAV_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} className={navLinkClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>

        <div className="ml-auto hidden items-center gap-2 md:flex">
          <Button asChild variant="ghost">
            <Link to="/login">Sign In</Link>
          </Button>
          <Button asChild>
            <Link to="/contact-sales">Contact Sales</Link>
          </Button>
        </div>

        <Button
          ref={menuButton}
          variant="ghost"
          size="icon"
          className="ml-auto md:hidden"
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onPointerEnter={() => void preloadSheet().catch(() => undefined)}
          onClick={openMenu}
        >
          <Menu className="size-5" />
        </Button>

        {menuMounted && (
          <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
            <SheetContent
              side="right"
              className="w-[280px] sm:w-[350px]"
              onCloseAutoFocus={(event) => {
                // There is no Radix trigger to return to: give focus back to the menu button.
                event.preventDefault();
                menuButton.current?.focus();
              }}
            >
              <SheetHeader>
                <SheetTitle>Menu</SheetTitle>
                <SheetDescription className="sr-only">Pages of the Coffer site</SheetDescription>
              </SheetHeader>
              <nav aria-label="Mobile" className="flex flex-col gap-6 pt-2">
                <ul className="flex flex-col gap-1">
                  {PUBLIC_NAV_LINKS.map((link) => (
                    <li key={link.to}>
                      <NavLink to={link.to} onClick={closeMenu} className={(state) => cn(navLinkClass(state), 'block px-2 py-2 text-base hover:bg-accent')}>
                        {link.label}
                      </NavLink>
                    </li>
                  ))}
                </ul>
                <div className="flex flex-col gap-2 border-t border-border pt-6">
                  <Button asChild variant="outline" className="w-full">
                    <Link to="/login" onClick={closeMenu}>
                      Sign In
                    </Link>
                  </Button>
                  <Button asChild className="w-full">
                    <Link to="/contact-sales" onClick={closeMenu}>
                      Contact Sales
                    </Link>
                  </Button>
                </div>
              </nav>
            </SheetContent>
          </Sheet>
        )}
      </div>
    </header>
  );
}
