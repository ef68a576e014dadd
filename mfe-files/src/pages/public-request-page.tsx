import { useParams } from '@coffer/web-core/router';
import { PublicRequestView } from '../features/sharing/components/public-request-view';

/** /r/:token: a file request's public page, for anyone who has it (no sign-in). */
export function PublicRequestPage() {
  const { token = '' } = useParams();
  return <PublicRequestView key={token} token={token} />;
}
