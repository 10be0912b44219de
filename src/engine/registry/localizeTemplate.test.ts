import { describe, expect, it } from 'vitest';
import { localizeTemplate, templateTextKeys } from './localizeTemplate';

const locales = {
  'zh-CN': { 'template.classic': '经典转盘', 'template.classic.title': '幸运大转盘' },
  'en-US': {
    'template.classic': 'Classic wheel',
    'template.classic.title': 'Lucky-wheel',
    'template.classic.items.0.label': 'Name',
    'template.classic.nothing.here': 'x',
  },
};
const config = {
  title: '幸运大转盘',
  items: [{ label: '姓名' }],
  pageTitle: { 'zh-CN': '幸运大转盘', 'en-US': 'Lucky Wheel' },
};

describe('localizeTemplate', () => {
  it('lists the text keys of one template, not its display name', () => {
    expect(templateTextKeys('classic', locales['en-US']).map((k) => k.path)).toEqual([
      ['title'],
      ['items', '0', 'label'],
      ['nothing', 'here'],
    ]);
  });

  it("takes single-language texts from the language's strings and leaves the rest", () => {
    const en = localizeTemplate('classic', config, locales, 'en-US');
    expect(en).toEqual({
      title: 'Lucky-wheel',
      items: [{ label: 'Name' }],
      pageTitle: { 'zh-CN': '幸运大转盘', 'en-US': 'Lucky Wheel' },
    });
    expect(config.title).toBe('幸运大转盘'); // a copy
    expect(localizeTemplate('classic', config, locales, 'zh-CN')).toEqual(config);
    expect(localizeTemplate('other', config, locales, 'en-US')).toEqual(config);
  });
});
