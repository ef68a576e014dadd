import type { ReactNode } from 'react';
import type { FileItem } from '@coffer/contracts';
import { cn } from '@coffer/ui';
import { useFileThumbnailQuery } from '../api/thumbnails-api';

interface FileThumbnailProps {
  item: Pick<FileItem, 'id' | 'name' | 'thumbnail'>;
  /** The side of the square it fills, in pixels (the image keeps its shape inside, cropped to fill). */
  size: number;
  /** What shows while there is no thumbnail: none made (not an image or a PDF, or it could not be made), or not loaded yet. */
  fallback: ReactNode;
  className?: string;
}

/**
 * A file's thumbnail in a square of `size` px (a card's or a row's): read only when the file has one and the
 * square is rendered (the lists render what is on screen), its size set so nothing moves when it arrives.
 * A thin edge keeps a mostly white picture (a PDF's first page) from melting into the white card.
 */
export function FileThumbnail({ item, size, fallback, className }: FileThumbnailProps) {
  const { data: src } = useFileThumbnailQuery({ fileId: item.id, version: item.thumbnail ?? '' }, { skip: !item.thumbnail });
  if (!src) return <>{fallback}</>;
  return (
    <img
      src={src}
      alt={item.name}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      draggable={false}
      data-testid="file-thumbnail"
      className={cn('shrink-0 rounded-lg border border-border bg-muted object-cover', className)}
      style={{ width: size, height: size }}
    />
  );
}
