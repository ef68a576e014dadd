/**
 * What a person picked to upload: files, each with the folders it sits in (from the folder they dropped or
 * chose), and every folder of the picked tree, empty ones too, so that the tree is recreated as it was.
 */
export interface PickedFiles {
  files: File[];
  /** Every folder of the tree, as a path of names from the picked folder down (["Photos"], ["Photos", "2026"]). */
  folders: string[][];
  /** What could not be read (a file the browser refused to open), each with why: listed, never skipped silently. */
  unreadable: string[];
}

/** The folders each picked file sits in, below where it is uploaded to (kept beside the file: a File cannot carry it). */
const foldersOf = new WeakMap<File, string[]>();

/**
 * The folders a picked file sits in: those it was read from (a dropped folder), or those its relative path
 * names (a folder chosen with "Upload folder": "Photos/2026/a.jpg" is in Photos / 2026). None for a loose file.
 */
export function relativeFolders(file: File): string[] {
  const known = foldersOf.get(file);
  if (known) return known;
  const parts = (file.webkitRelativePath ?? '').split('/').filter(Boolean);
  return parts.slice(0, -1);
}

/** A picked file as the person knows it: with the folders it sits in ("Photos/2026/a.jpg"). */
export const shownName = (file: File) => [...relativeFolders(file), file.name].join('/');

/** The files of an <input type="file">: with webkitdirectory, each keeps its folders, and every folder they sit in is listed. */
export function pickedFromInput(list: FileList | File[]): PickedFiles {
  const files = Array.from(list);
  const folders = new Map<string, string[]>();
  for (const file of files) {
    const path = relativeFolders(file);
    for (let depth = 1; depth <= path.length; depth++) folders.set(path.slice(0, depth).join('/'), path.slice(0, depth));
  }
  return { files, folders: [...folders.values()], unreadable: [] };
}

const fileOf = (entry: FileSystemFileEntry) => new Promise<File>((resolve, reject) => entry.file(resolve, reject));
/** One batch of a folder's entries: a reader answers a big folder in batches (Chromium: 100), then an empty one. */
const batchOf = (reader: FileSystemDirectoryReader) => new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
const reason = (error: unknown) => (error instanceof Error && error.message ? error.message : 'the browser could not read it');

/** Reads dropped entries, every folder fully (all of its batches, at every depth). */
export async function readEntries(entries: FileSystemEntry[], loose: File[] = []): Promise<PickedFiles> {
  const picked: PickedFiles = { files: [...loose], folders: [], unreadable: [] };
  const walk = async (entry: FileSystemEntry, parents: string[]): Promise<void> => {
    const shown = [...parents, entry.name].join('/');
    if (entry.isFile) {
      try {
        const file = await fileOf(entry as FileSystemFileEntry);
        foldersOf.set(file, parents);
        picked.files.push(file);
      } catch (error) {
        picked.unreadable.push(`${shown}: ${reason(error)}`);
      }
      return;
    }
    if (!entry.isDirectory) return;
    const path = [...parents, entry.name];
    picked.folders.push(path);
    const reader = (entry as FileSystemDirectoryEntry).createReader();
    try {
      for (let batch = await batchOf(reader); batch.length > 0; batch = await batchOf(reader)) {
        for (const child of batch) await walk(child, path);
      }
    } catch (error) {
      picked.unreadable.push(`${shown}/: ${reason(error)}`);
    }
  };
  for (const entry of entries) await walk(entry, []);
  return picked;
}

/**
 * What a drop holds, taken while the drop event lasts (the browser empties its items after it): the dropped
 * files and folders as entries, to be read with `readEntries`, and loose files where the browser gives no entry.
 */
export function droppedEntries(data: DataTransfer): { entries: FileSystemEntry[]; loose: File[] } {
  const entries: FileSystemEntry[] = [];
  const loose: File[] = [];
  const items = Array.from(data.items ?? []).filter((item) => item.kind === 'file');
  if (items.length === 0) return { entries, loose: Array.from(data.files ?? []) };
  for (const item of items) {
    const entry = typeof item.webkitGetAsEntry === 'function' ? item.webkitGetAsEntry() : null;
    if (entry) entries.push(entry);
    else {
      const file = item.getAsFile();
      if (file) loose.push(file);
    }
  }
  return { entries, loose };
}

/** Reads what was dropped: call in the drop handler (the entries are taken before it returns). */
export function readDrop(data: DataTransfer): Promise<PickedFiles> {
  const { entries, loose } = droppedEntries(data);
  return readEntries(entries, loose);
}
