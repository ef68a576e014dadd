/**
 * `@coffer/web-core/router`: the routing of every Coffer front end, one Module
 * Federation singleton, so the shell's router and every remote's links share
 * one copy of react-router and its contexts. Shared through this module rather
 * than as the whole package, the page downloads only what Coffer uses (a
 * shared package is never tree-shaken). Import routing from here, never from
 * react-router-dom: lint refuses it.
 *
 * The shell routes in declarative mode (BrowserRouter and useRoutes): Coffer's
 * routes have no loaders or actions, and the data router would add some 16 KB
 * (gzipped) to every first visit for nothing.
 */
export { BrowserRouter, Link, Navigate, NavLink, Outlet, useLocation, useNavigate, useParams, useRoutes, useSearchParams } from 'react-router-dom';
export type { Location, RouteObject } from 'react-router-dom';
