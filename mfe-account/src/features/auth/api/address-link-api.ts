import { cofferApi } from '@coffer/web-core/store';
import { CONFIRM_ADDRESS_PARAM, type AddressLink } from '@coffer/contracts';

/** A share email's link, followed while signed out: who shared what with the address, to sign up (or in) with it. */
export const addressLinkApi = cofferApi.injectEndpoints({
  endpoints: (build) => ({
    describeAddressLink: build.query<AddressLink, string>({
      query: (token) => ({ url: '/shares/address-link', method: 'POST', body: { token } }),
    }),
  }),
});

export const { useDescribeAddressLinkQuery } = addressLinkApi;

/** The token of a share email's link in the page /login returns to (/dashboard/shared?confirm=…), if that is where. */
export function addressLinkToken(returnTo: string | null): string | undefined {
  if (!returnTo?.startsWith('/dashboard/shared?')) return undefined;
  const token = new URLSearchParams(returnTo.slice(returnTo.indexOf('?'))).get(CONFIRM_ADDRESS_PARAM);
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : undefined;
}
