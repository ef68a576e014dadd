import { RpcException } from '@nestjs/microservices';
import { isRpcErrorBody, type BulkRefusal } from '@coffer/contracts';

/**
 * An item of a selection left as it was, with the reason its single action would have answered (the access
 * decision's refusal, a folder moved into itself…); anything else is not a refusal and goes on up.
 */
export function refusalOf(id: string, error: unknown): BulkRefusal {
  const body = error instanceof RpcException ? error.getError() : undefined;
  if (!isRpcErrorBody(body)) throw error;
  return { id, code: body.code, message: body.message };
}
