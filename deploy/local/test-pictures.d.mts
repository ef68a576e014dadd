export function picturePng(width: number, height: number, seed?: number): Buffer;
export function pngOf(width: number, height: number, rows: Buffer): Buffer;
