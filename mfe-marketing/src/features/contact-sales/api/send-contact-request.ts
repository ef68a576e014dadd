import { cofferApi } from '@coffer/web-core/store';

/** What the Contact Sales form sends (spec §3 "Contact form"); phone is left out when blank. */
export interface ContactRequest {
  name: string;
  email: string;
  company: string;
  phone?: string;
  message: string;
}

/** The stored request, as the gateway answers with 201. */
export interface ContactRequestCreated {
  id: string;
}

const contactSalesApi = cofferApi.injectEndpoints({
  endpoints: (build) => ({
    sendContactRequest: build.mutation<ContactRequestCreated, ContactRequest>({
      query: (body) => ({ url: '/contact-requests', method: 'POST', body }),
    }),
  }),
});

export const { useSendContactRequestMutation } = contactSalesApi;

/** The message to show for a failed send: the gateway's own message when it gave one. */
export function contactRequestErrorMessage(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const data: unknown = 'data' in error ? error.data : undefined;
    if (typeof data === 'object' && data !== null && 'message' in data) {
      const { message } = data;
      if (typeof message === 'string' && message.trim()) return message;
      if (Array.isArray(message) && message.length > 0) return message.join('. ');
    }
    if (error.status === 'FETCH_ERROR') return 'Could not reach Coffer. Check your connection and try again.';
  }
  return 'Something went wrong. Please try again.';
}
