export interface DetectedType {
  kind: 'image' | 'video' | 'audio';
  ext: 'png' | 'jpg' | 'gif' | 'mp4' | 'mov' | 'm4a' | 'mp3';
  mime: string;
}

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');

// QuickTime files without an ftyp box start with one of these atoms.
const QUICKTIME_ATOMS = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);

/**
 * The type of a file from its first bytes (magic numbers), never from its name or the declared
 * content type. Only the kinds uploads accept are recognised.
 */
export function detectFileType(bytes: Buffer): DetectedType | undefined {
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return { kind: 'image', ext: 'png', mime: 'image/png' };
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return { kind: 'image', ext: 'jpg', mime: 'image/jpeg' };
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a'))
    return { kind: 'image', ext: 'gif', mime: 'image/gif' };
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp') {
    const brand = ascii(bytes, 8, 12);
    if (brand === 'qt  ') return { kind: 'video', ext: 'mov', mime: 'video/quicktime' };
    if (brand === 'M4A ' || brand === 'M4B ') return { kind: 'audio', ext: 'm4a', mime: 'audio/mp4' };
    if (/^[\x20-\x7e]{4}$/.test(brand)) return { kind: 'video', ext: 'mp4', mime: 'video/mp4' };
  }
  if (bytes.length >= 8 && QUICKTIME_ATOMS.has(ascii(bytes, 4, 8)))
    return { kind: 'video', ext: 'mov', mime: 'video/quicktime' };
  if (bytes.length >= 3 && ascii(bytes, 0, 3) === 'ID3')
    return { kind: 'audio', ext: 'mp3', mime: 'audio/mpeg' };
  // An MPEG audio frame: 11 sync bits, then a layer that is not 00 (00 would be AAC in ADTS).
  if (bytes.length >= 4 && bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0 && (bytes[1] & 0x06) !== 0)
    return { kind: 'audio', ext: 'mp3', mime: 'audio/mpeg' };
  return undefined;
}
