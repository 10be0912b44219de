import { describe, expect, it } from 'vitest';
import { detectFileType } from './detectFileType';
import { imageSize } from './imageSize';

const png = (w: number, h: number) => {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(w, 16);
  b.writeUInt32BE(h, 20);
  return b;
};

describe('detectFileType and imageSize', () => {
  it('recognises the accepted kinds by magic bytes', () => {
    expect(detectFileType(png(1, 1))?.ext).toBe('png');
    expect(detectFileType(Buffer.from('GIF89a\x0a\x00\x05\x00', 'latin1'))?.ext).toBe('gif');
    expect(detectFileType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))?.ext).toBe('jpg');
    const box = (brand: string) =>
      Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from(`ftyp${brand}`, 'latin1')]);
    expect(detectFileType(box('isom'))).toMatchObject({ ext: 'mp4', kind: 'video' });
    expect(detectFileType(box('qt  '))).toMatchObject({ ext: 'mov', kind: 'video' });
    expect(detectFileType(box('M4A '))).toMatchObject({ ext: 'm4a', kind: 'audio' });
    expect(detectFileType(Buffer.from('ID3\x04\x00', 'latin1'))?.ext).toBe('mp3');
    expect(detectFileType(Buffer.from([0xff, 0xfb, 0x90, 0x64]))?.ext).toBe('mp3');
  });

  it('refuses what it does not know, whatever the name', () => {
    expect(detectFileType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(detectFileType(Buffer.from('<html><script>alert(1)</script>'))).toBeUndefined();
    expect(detectFileType(Buffer.from([0xff, 0xf1, 0x50, 0x80]))).toBeUndefined(); // AAC ADTS
    expect(detectFileType(Buffer.alloc(0))).toBeUndefined();
  });

  it('reads image sizes from headers', () => {
    expect(imageSize(png(750, 1334), 'png')).toEqual({ width: 750, height: 1334 });
    expect(imageSize(Buffer.from('GIF89a\x58\x02\x3b\x01', 'latin1'), 'gif')).toEqual({
      width: 600,
      height: 315,
    });
    // SOI, APP0 (length 16), SOF0 with height 200 and width 300.
    const jpeg = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
      Buffer.alloc(14),
      Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0xc8, 0x01, 0x2c, 0x03]),
      Buffer.alloc(12),
    ]);
    expect(imageSize(jpeg, 'jpg')).toEqual({ width: 300, height: 200 });
    expect(imageSize(png(0, 10), 'png')).toBeUndefined();
    expect(imageSize(Buffer.from([0x89, 0x50]), 'png')).toBeUndefined();
  });
});
