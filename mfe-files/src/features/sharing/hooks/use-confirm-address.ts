import { useEffect, useRef } from 'react';
import { toast } from '@coffer/ui';
import { CONFIRM_ADDRESS_PARAM } from '@coffer/contracts';
import { useSearchParams } from '@coffer/web-core/router';
import { useConfirmAddressMutation } from '../api/sharing-api';
import { failureToast } from '../../../lib/open-link';

/**
 * /dashboard/shared?confirm=…, the link of a share email to an address not yet confirmed: opening it
 * proves the address is the user's, so it is confirmed (once) and the files shared with it show.
 * The token leaves the address bar either way.
 */
export function useConfirmAddress() {
  const [params, setParams] = useSearchParams();
  const [confirmAddress] = useConfirmAddressMutation();
  const token = params.get(CONFIRM_ADDRESS_PARAM);
  const asked = useRef<string | null>(null);

  useEffect(() => {
    if (!token || asked.current === token) return;
    asked.current = token;
    setParams(
      (current) => {
        current.delete(CONFIRM_ADDRESS_PARAM);
        return current;
      },
      { replace: true },
    );
    confirmAddress(token)
      .unwrap()
      .then(() => toast({ title: 'Email address confirmed', description: 'Files shared with you are listed below.' }))
      .catch((error: unknown) => failureToast('Could not confirm your email address', error));
  }, [token, confirmAddress, setParams]);
}
