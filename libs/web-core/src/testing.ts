/**
 * `@coffer/web-core/testing`: for the component tests only (never bundled by an
 * app). A dialog renders with its real hooks, store and RTK Query api; only the
 * network edge is a stand-in: `fetch` answering like the gateway, and
 * XMLHttpRequest answering like storage's presigned URLs.
 */
export {
  GatewayStandIn,
  heldAnswer,
  issuedSession,
  ok,
  refusal,
  TEST_USER,
  type Answer,
  type Handler,
  type HeldAnswer,
  type SentRequest,
} from './testing/gateway-stand-in';
export { StorageStandIn, type PutAnswer, type StoragePut } from './testing/storage-stand-in';
export { findToast, renderSignedIn } from './testing/render-signed-in';
export { subscriptionOf } from './testing/subscription';
// The data layer's unit tests (no DOM): fetch answered by one route function.
export { calls, json, serve, unauthorized, user, type Route } from './testing/fetch-routes';
