import QRCode from 'qrcode';

/**
 * A QR code as an SVG of one rect per dark run of modules (qrcode, MIT, builds the matrix; we
 * draw it), with the standard quiet zone of 4 modules, dark on white: what a phone camera reads.
 * `size` is the drawn width and height in pixels; the modules keep whole multiples where they can.
 */
export function qrSvg(text: string, size: number): string {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = modules.size;
  const quiet = 4;
  const total = count + quiet * 2;
  const rects: string[] = [];
  for (let y = 0; y < count; y++) {
    let x = 0;
    while (x < count) {
      if (!modules.get(y, x)) {
        x++;
        continue;
      }
      const start = x;
      while (x < count && modules.get(y, x)) x++;
      rects.push(`<rect x="${start + quiet}" y="${y + quiet}" width="${x - start}" height="1"/>`);
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${total} ${total}" shape-rendering="crispEdges">` +
    `<rect width="${total}" height="${total}" fill="#ffffff"/><g fill="#0e0b2b">${rects.join('')}</g></svg>`
  );
}

/** The QR code as a data URI, for an `img` in the satori tree. */
export function qrDataUri(text: string, size: number): string {
  return `data:image/svg+xml;base64,${Buffer.from(qrSvg(text, size)).toString('base64')}`;
}
