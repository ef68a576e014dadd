import type { FileItem } from '@coffer/contracts';
import type { PreviewTarget } from '../../../hooks/use-file-preview';
import { useFileActions } from './use-file-actions';

/**
 * What opening a file does, from its card, its row or its menu's View: the preview (with the spec's
 * "Opening file" toast), or a download for a type the preview cannot show (PRODUCT-DECISIONS "Files").
 */
export function useOpenFile(onView: ((target: PreviewTarget) => void) | undefined, onShare?: (file: FileItem) => void) {
  const actions = useFileActions();
  return (item: FileItem) => {
    if (!onView || item.isFolder) return;
    onView({
      name: item.name,
      mimeType: item.mimeType,
      size: item.size,
      inlineUrl: actions.link(item, 'inline'),
      attachmentUrl: actions.link(item, 'attachment'),
      share: onShare && (() => onShare(item)),
    });
  };
}
