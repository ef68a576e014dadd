import { Share2 } from 'lucide-react';
import { FileViewPlaceholder } from '../components/file-view-placeholder';

/** /dashboard/shared */
export function SharedFilesPage() {
  return <FileViewPlaceholder icon={Share2} text="Files shared with you, and the files you share, appear here." />;
}
