import { File, FileImage, FileSpreadsheet, FileText, Folder, type LucideIcon } from 'lucide-react';
import type { FileItem } from '@coffer/contracts';

/** How the browser shows an item: spec §2's display types. */
export type DisplayType = 'folder' | 'image' | 'document' | 'spreadsheet' | 'file';

const SPREADSHEET = /spreadsheet|excel|csv|numbers/;
const DOCUMENT = /pdf|msword|wordprocessing|opendocument\.text|rtf|presentation|powerpoint|^text\//;

/** The display type of a file or folder, from its mime type. */
export function displayTypeOf(item: Pick<FileItem, 'isFolder' | 'mimeType'>): DisplayType {
  if (item.isFolder) return 'folder';
  const mime = item.mimeType.toLowerCase();
  if (mime.startsWith('image/')) return 'image';
  if (SPREADSHEET.test(mime)) return 'spreadsheet';
  if (DOCUMENT.test(mime)) return 'document';
  return 'file';
}

export const DISPLAY_TYPE_ICONS: Record<DisplayType, LucideIcon> = {
  folder: Folder,
  image: FileImage,
  document: FileText,
  spreadsheet: FileSpreadsheet,
  file: File,
};

export const DISPLAY_TYPE_LABELS: Record<DisplayType, string> = {
  folder: 'Folder',
  image: 'Image',
  document: 'Document',
  spreadsheet: 'Spreadsheet',
  file: 'File',
};

/** A folder card's subtitle, in the spec's words: "N file(s), N folder(s)", or "Empty". */
export function folderSubtitle(folder: Pick<FileItem, 'fileCount' | 'folderCount'>): string {
  const files = folder.fileCount ?? 0;
  const folders = folder.folderCount ?? 0;
  if (files === 0 && folders === 0) return 'Empty';
  return `${files} file(s), ${folders} folder(s)`;
}

/** The drag payload type of a file or folder card: its id and whether it is a folder, as JSON. */
export const DRAGGED_FILE_TYPE = 'application/x-coffer-file';
