import '@testing-library/jest-dom';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { act, configure, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { dismissToast, Toaster } from '@coffer/ui';
import { restoreSession } from '@coffer/web-core';
import { createCofferStore } from '@coffer/web-core/store';
import type { GatewayStandIn } from './gateway-stand-in';
import type { StorageStandIn } from './storage-stand-in';

// A busy machine (2 CPUs shared by every test run) may take seconds to get to a state: the tests wait for states, never for a time.
configure({ asyncUtilTimeout: 20_000 });

// What React reports as an error (an update outside act, a hook misused) fails the test during which it was reported.
const consoleError = console.error;
let reported: unknown[][] = [];
beforeEach(() => {
  reported = [];
  console.error = (...args: unknown[]) => {
    reported.push(args);
    consoleError(...args);
  };
});
afterEach(() => {
  console.error = consoleError;
  if (reported.length > 0) throw new Error(`The test logged an error: ${String(reported[0][0])}`);
});

/**
 * Renders `ui` as the dashboard holds it: signed in (the session restored
 * from the stand-in's POST /auth/refresh, as the shell restores it), in a
 * store of its own with the real RTK Query api, beside the page's Toaster.
 * The network is the stand-ins: `fetch` the gateway, XMLHttpRequest storage.
 */
export async function renderSignedIn(ui: ReactElement, network: { gateway: GatewayStandIn; storage?: StorageStandIn }) {
  window.fetch = network.gateway.fetch;
  if (network.storage) window.XMLHttpRequest = network.storage.XMLHttpRequest as unknown as typeof XMLHttpRequest;
  // The toasts of a test before are closed (a closed toast is not on the page).
  dismissToast();
  await restoreSession();
  const store = createCofferStore();
  const user = userEvent.setup();
  // Awaited: the dialog's code arrives a moment after its first render (a deferred chunk), as in the browser.
  const view = await act(async () =>
    render(
      <Provider store={store}>
        {ui}
        <Toaster />
      </Provider>,
    ),
  );
  return { ...view, user, store };
}

/**
 * The toast on the page with this title, once it shows: the element holding
 * its title and description. (Behind a modal dialog the toasts are hidden from
 * the accessibility tree, as e2e tests see too, so they are found by their text.)
 */
export async function findToast(title: string): Promise<HTMLElement> {
  // Looked for anew each time: the region of toasts closing may give way to a new one.
  const heading = await waitFor(() => within(screen.getByRole('region', { name: /^Notifications/, hidden: true })).getByText(title, { exact: true }));
  return heading.closest('li') ?? heading;
}
