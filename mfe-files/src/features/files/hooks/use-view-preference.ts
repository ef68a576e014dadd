import { DEFAULT_FILE_VIEW, FILE_VIEW_LAYOUTS, type FileViewLayout } from '@coffer/contracts';
import { failureToast } from '../../../lib/open-link';
import { useFileViewPreferenceQuery, useSaveFileViewMutation } from '../api/view-preference-api';

/** This browser's copy of the last view known, shown while the server's answer is on its way (no grid flashing before a list). */
const REMEMBERED = 'coffer.fileView';

function remembered(): FileViewLayout {
  try {
    const value = localStorage.getItem(REMEMBERED);
    return FILE_VIEW_LAYOUTS.includes(value as FileViewLayout) ? (value as FileViewLayout) : DEFAULT_FILE_VIEW;
  } catch {
    return DEFAULT_FILE_VIEW;
  }
}

function remember(layout: FileViewLayout) {
  try {
    localStorage.setItem(REMEMBERED, layout);
  } catch {
    // Storage refused (private mode): the server's copy is the one that counts.
  }
}

/** How the file lists show their items, grid or list: the user's choice, saved on the server. */
export function useViewPreference(): { layout: FileViewLayout; setLayout: (layout: FileViewLayout) => void } {
  const { data } = useFileViewPreferenceQuery();
  const [save] = useSaveFileViewMutation();
  const layout = data ?? remembered();
  if (data) remember(data);
  return {
    layout,
    setLayout: (next) => {
      if (next === layout) return;
      remember(next);
      save(next)
        .unwrap()
        .catch((error: unknown) => failureToast('Failed to save the view', error));
    },
  };
}
