import { cofferApi } from '@coffer/web-core/store';
import type { ContactRequestCreated, ContactRequestInput } from '@coffer/contracts';

const contactSalesApi = cofferApi.injectEndpoints({
  endpoints: (build) => ({
    sendContactRequest: build.mutation<ContactRequestCreated, ContactRequestInput>({
      query: (body) => ({ url: '/contact-requests', method: 'POST', body }),
    }),
  }),
});

export const { useSendContactRequestMutation } = contactSalesApi;
