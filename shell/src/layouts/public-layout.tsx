import { Outlet } from 'react-router-dom';
import { PublicHeader } from './public-header';
import { PublicFooter } from './public-footer';

/** Frame of the public site: marketing pages, sign-in and checkout. */
export function PublicLayout() {
  return (
    <div className="flex min-h-svh flex-col">
      <PublicHeader />
      <main className="flex-1">
        <Outlet />
      </main>
      <PublicFooter />
    </div>
  );
}
