/** The coating's colour when the config gives none: a silver foil. */
export const FOIL = '#b8b8c0';

/**
 * Paints a fresh coating over the whole card: the colour with a foil sheen and fine diagonal
 * lines. `width` and `height` are CSS pixels (the context is already scaled to the screen).
 */
export function paintCoating(ctx: CanvasRenderingContext2D, width: number, height: number, color: string) {
  ctx.save();
  ctx.globalCompositeOperation = 'source-over';
  ctx.clearRect(0, 0, width, height);
  ctx.fillStyle = color;
  ctx.fillRect(0, 0, width, height);
  const sheen = ctx.createLinearGradient(0, 0, width, height);
  sheen.addColorStop(0, 'rgba(255,255,255,0.5)');
  sheen.addColorStop(0.3, 'rgba(255,255,255,0)');
  sheen.addColorStop(0.5, 'rgba(255,255,255,0.35)');
  sheen.addColorStop(0.7, 'rgba(255,255,255,0)');
  sheen.addColorStop(1, 'rgba(0,0,0,0.12)');
  ctx.fillStyle = sheen;
  ctx.fillRect(0, 0, width, height);
  ctx.strokeStyle = 'rgba(255,255,255,0.14)';
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let x = -height; x < width; x += 7) {
    ctx.moveTo(x, height);
    ctx.lineTo(x + height, 0);
  }
  ctx.stroke();
  ctx.restore();
}

/** Draws a picture over what is left of the coating, covering the card (cropped, not stretched). */
export function coverWithImage(
  ctx: CanvasRenderingContext2D,
  image: HTMLImageElement,
  width: number,
  height: number,
) {
  const iw = image.naturalWidth || width;
  const ih = image.naturalHeight || height;
  const scale = Math.max(width / iw, height / ih);
  const w = iw * scale;
  const h = ih * scale;
  ctx.save();
  // Only where the coating still is: a picture that loads late does not cover a scratched spot.
  ctx.globalCompositeOperation = 'source-atop';
  ctx.drawImage(image, (width - w) / 2, (height - h) / 2, w, h);
  ctx.restore();
}

/** "Scratch here" on a dark pill in the middle of the coating (drawn where the coating still is). */
export function labelCoating(
  ctx: CanvasRenderingContext2D,
  width: number,
  height: number,
  label: string,
  fontFamily: string,
) {
  const size = Math.max(12, Math.round(Math.min(height * 0.11, width * 0.06)));
  ctx.save();
  ctx.globalCompositeOperation = 'source-atop';
  ctx.font = `700 ${size}px ${fontFamily}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const textWidth = Math.min(ctx.measureText(label).width, width * 0.8);
  const pillWidth = textWidth + size * 1.6;
  const pillHeight = size * 2;
  const x = (width - pillWidth) / 2;
  const y = (height - pillHeight) / 2;
  ctx.fillStyle = 'rgba(20,10,0,0.45)';
  ctx.beginPath();
  ctx.roundRect(x, y, pillWidth, pillHeight, pillHeight / 2);
  ctx.fill();
  ctx.fillStyle = '#ffffff';
  ctx.fillText(label, width / 2, height / 2 + size * 0.04, width * 0.8);
  ctx.restore();
}

/** Clears the coating along a-b with a round brush of `radius` (a tap: a dot). */
export function scratchLine(
  ctx: CanvasRenderingContext2D,
  a: { x: number; y: number },
  b: { x: number; y: number },
  radius: number,
) {
  ctx.save();
  ctx.globalCompositeOperation = 'destination-out';
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.lineWidth = radius * 2;
  ctx.beginPath();
  ctx.moveTo(a.x, a.y);
  // A tap is a stroke from a point to itself; a zero-length round-capped line still draws a dot.
  ctx.lineTo(b.x + (a.x === b.x && a.y === b.y ? 0.01 : 0), b.y);
  ctx.stroke();
  ctx.restore();
}
