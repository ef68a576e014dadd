export function picturePng(width: number, height: number, seed?: number): Buffer;
export function pngOf(width: number, height: number, rows: Buffer): Buffer;
export function pdfOf(width: number, height: number, content: string, options?: { encrypted?: boolean }): Buffer;
