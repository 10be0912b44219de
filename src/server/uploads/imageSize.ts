/** Width and height of a PNG, JPEG or GIF from its header; undefined when it cannot be read. */
export function imageSize(bytes: Buffer, ext: string): { width: number; height: number } | undefined {
  try {
    if (ext === 'png') {
      if (bytes.subarray(12, 16).toString('latin1') !== 'IHDR') return undefined;
      return valid(bytes.readUInt32BE(16), bytes.readUInt32BE(20));
    }
    if (ext === 'gif') return valid(bytes.readUInt16LE(6), bytes.readUInt16LE(8));
    if (ext === 'jpg') return jpegSize(bytes);
  } catch {
    return undefined; // a header cut short
  }
  return undefined;
}

function valid(width: number, height: number) {
  return width > 0 && height > 0 ? { width, height } : undefined;
}

// Walks the JPEG markers to the first start-of-frame (SOF0..SOF15 except DHT, JPG and DAC).
function jpegSize(bytes: Buffer) {
  let i = 2;
  while (i + 9 < bytes.length) {
    if (bytes[i] !== 0xff) return undefined;
    const marker = bytes[i + 1];
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2; // markers without a length
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return valid(bytes.readUInt16BE(i + 7), bytes.readUInt16BE(i + 5));
    i += 2 + bytes.readUInt16BE(i + 2);
  }
  return undefined;
}
