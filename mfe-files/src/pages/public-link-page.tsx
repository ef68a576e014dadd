import { useParams } from '@coffer/web-core/router';
import { PublicLinkView } from '../features/sharing/components/public-link-view';

/** /l/:token: a link's public page, for anyone who has it (no sign-in). */
export function PublicLinkPage() {
  const { token = '' } = useParams();
  return <PublicLinkView key={token} token={token} />;
}
