import { Trash2 } from 'lucide-react';
import { FileViewPlaceholder } from '../components/file-view-placeholder';

/** /dashboard/trash */
export function TrashPage() {
  return <FileViewPlaceholder icon={Trash2} text="Deleted files stay here for 30 days before they are removed for good." />;
}
