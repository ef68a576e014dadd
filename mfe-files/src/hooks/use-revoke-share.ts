import { toast } from '@coffer/ui';
import type { ShareItem } from '@coffer/contracts';
import { useRevokeShareMutation } from '../api/shares-api';
import { failureToast } from '../lib/open-link';

/** Revokes a share, saying so in a toast; `revoking` while a revoke is under way. */
export function useRevokeShare() {
  const [revoke, { isLoading: revoking }] = useRevokeShareMutation();
  const revokeShare = async (share: Pick<ShareItem, 'id' | 'sharedWithEmail'> & Partial<Pick<ShareItem, 'kind'>>) => {
    try {
      await revoke(share.id).unwrap();
      toast({ title: 'Access revoked', description: `${share.sharedWithEmail} can no longer open this ${share.kind === 'folder' ? 'folder' : 'file'}` });
    } catch (error) {
      failureToast('Failed to revoke access', error);
    }
  };
  return { revokeShare, revoking };
}
