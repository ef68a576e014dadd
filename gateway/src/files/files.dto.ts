import { IsIn, IsOptional, Matches } from 'class-validator';
import { ROOT_FOLDER, SORT_ORDERS, type SortOrder } from '@coffer/contracts';

const FOLDER_REF = new RegExp(`^(${ROOT_FOLDER}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$`, 'i');

export class ListFilesQuery {
  @IsOptional()
  @Matches(FOLDER_REF, { message: 'folder must be "root" or a folder id' })
  folder?: string;

  @IsOptional()
  @IsIn(SORT_ORDERS, { message: `sort must be one of ${SORT_ORDERS.join(', ')}` })
  sort?: SortOrder;
}
