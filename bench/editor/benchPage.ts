import type { SchemaEntry } from '../../src/web/schema-form/schemaEntry';

const IMAGE = '/uploads/bench.svg';

/** Four hotzones on an image, each a different tap action. */
function zones(n: number) {
  return [
    { x: 5, y: 10, width: 40, height: 30, action: 'url', url: `https://example.com/${n}/a` },
    { x: 55, y: 10, width: 40, height: 30, action: 'share' },
    { x: 5, y: 55, width: 40, height: 30, action: 'play' },
    { x: 55, y: 55, width: 40, height: 30, action: 'block', blockId: 'rules' },
  ];
}

/**
 * The lucky wheel's classic template with a page of 40 blocks holding 20 hotzones: the game,
 * share bar, rules and my prizes, five images of four zones each, and rich text, spacers,
 * buttons, countdowns and a prize showcase between them.
 */
export function benchPage(entry: SchemaEntry): Record<string, unknown> {
  const template = entry.templates.find((t) => t.name === 'classic')!.config as Record<string, unknown>;
  const blocks: Array<{ id: string; type: string; props: Record<string, unknown> }> = [
    { id: 'background', type: 'background', props: { color: '#fff4e0' } },
    { id: 'game', type: 'game', props: { showTitle: true, showTime: true } },
    { id: 'share', type: 'share', props: {} },
    { id: 'rules', type: 'rules', props: {} },
    { id: 'my-prizes', type: 'my-prizes', props: {} },
    { id: 'prizes', type: 'prizes', props: { columns: 3 } },
  ];
  for (let i = 0; blocks.length < 40; i++) {
    const kind = i % 7;
    if (kind === 0 && i / 7 < 5)
      blocks.push({
        id: `image-${i}`,
        type: 'image',
        props: { image: IMAGE, radius: 16, hotzones: zones(i) },
      });
    else if (kind === 1 || kind === 0)
      blocks.push({
        id: `text-${i}`,
        type: 'rich-text',
        props: {
          text: {
            'zh-CN': `第 ${i} 段：**活动说明**，每天都可以参加。`,
            'en-US': `Part ${i}: **how it works**.`,
          },
          align: 'left',
        },
      });
    else if (kind === 2) blocks.push({ id: `gap-${i}`, type: 'spacer', props: { height: 24 } });
    else if (kind === 3)
      blocks.push({
        id: `buttons-${i}`,
        type: 'buttons',
        props: {
          items: [
            { text: { 'zh-CN': '分享' }, action: 'share' },
            { text: { 'zh-CN': '开始' }, action: 'play' },
          ],
          layout: 'row',
        },
      });
    else if (kind === 4) blocks.push({ id: `countdown-${i}`, type: 'countdown', props: { target: 'end' } });
    else
      blocks.push({
        id: `text-${i}`,
        type: 'rich-text',
        props: { text: { 'zh-CN': `说明 ${i}` }, align: 'center' },
      });
  }
  return { ...template, page: { blocks } };
}
