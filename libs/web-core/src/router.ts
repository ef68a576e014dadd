/**
 * `@coffer/web-core/router`: the routing of every Coffer front end, one Module
 * Federation singleton, so the shell's router and every remote's links share
 * one copy of react-router and its contexts. Shared through this module rather
 * than as the whole package, the page downloads only what Coffer uses (a
 * shared package is never tree-shaken). Import routing from here, never from
 * react-router-dom.
 */
export {
  createBrowserRouter,
  isRouteErrorResponse,
  Link,
  Navigate,
  NavLink,
  Outlet,
  RouterProvider,
  ScrollRestoration,
  useLocation,
  useNavigate,
  useParams,
  useRouteError,
  useSearchParams,
} from 'react-router-dom';
export type { RouteObject } from 'react-router-dom';
