import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { FILE_VIEWS, ROOT_FOLDER, SORT_ORDERS, type FileView, type SortOrder } from '@coffer/contracts';

const FOLDER_REF = new RegExp(`^(${ROOT_FOLDER}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$`, 'i');

export class ListFilesQuery {
  @IsOptional()
  @Matches(FOLDER_REF, { message: 'folder must be "root" or a folder id' })
  folder?: string;

  @IsOptional()
  @IsIn(SORT_ORDERS, { message: `sort must be one of ${SORT_ORDERS.join(', ')}` })
  sort?: SortOrder;

  @IsOptional()
  @IsIn(FILE_VIEWS, { message: `view must be one of ${FILE_VIEWS.join(', ')}` })
  view?: FileView;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  q?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1000)
  limit?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  offset?: number;
}

export class FileLinkQuery {
  @IsOptional()
  @IsIn(['inline', 'attachment'], { message: 'disposition must be inline or attachment' })
  disposition?: 'inline' | 'attachment';
}
