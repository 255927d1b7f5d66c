import QRCode from 'qrcode';

/** A QR code's dark modules as runs (x, y, width) within `size` modules, quiet zone included. */
export interface QrRuns {
  size: number;
  runs: [number, number, number][];
}

const QUIET = 4;

/** Loaded on demand (JoinQr): the QR library stays out of every screen's first load. */
export function qrRuns(text: string): QrRuns {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const runs: [number, number, number][] = [];
  for (let y = 0; y < modules.size; y++) {
    let x = 0;
    while (x < modules.size) {
      if (!modules.get(y, x)) {
        x++;
        continue;
      }
      const start = x;
      while (x < modules.size && modules.get(y, x)) x++;
      runs.push([start + QUIET, y + QUIET, x - start]);
    }
  }
  return { size: modules.size + QUIET * 2, runs };
}
