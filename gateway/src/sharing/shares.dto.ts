import { IsIn, IsOptional, IsUUID } from 'class-validator';
import { SHARE_DIRECTIONS, type ShareDirection } from '@coffer/contracts';

export class ListSharesQuery {
  @IsOptional()
  @IsIn(SHARE_DIRECTIONS, { message: `direction must be one of ${SHARE_DIRECTIONS.join(', ')}` })
  direction?: ShareDirection;

  @IsOptional()
  @IsUUID('all', { message: 'fileId must be a file id' })
  fileId?: string;
}
