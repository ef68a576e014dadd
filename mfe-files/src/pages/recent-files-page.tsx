import { Clock } from 'lucide-react';
import { FileViewPlaceholder } from '../components/file-view-placeholder';

/** /dashboard/recent */
export function RecentFilesPage() {
  return <FileViewPlaceholder icon={Clock} text="The files you view, download or upload appear here, newest first." />;
}
