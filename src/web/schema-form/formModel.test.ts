import { describe, expect, it } from 'vitest';
import { getDefaultFormState, type RJSFSchema } from '@rjsf/utils';
import { engineValidator, validateConfig } from './engineValidator';
import { toErrorSchema } from './fieldIssues';
import { buildFormModel, FORM_DEFAULTS } from './formModel';
import { resolveNode } from './schemaNodes';
import { entriesFromFiles } from './registryEntries';

const files = import.meta.glob('../../../schemas/**/*.json', { eager: true, import: 'default' }) as Record<
  string,
  unknown
>;
const entries = entriesFromFiles(
  Object.fromEntries(
    Object.entries(files).map(([path, json]) => [path.replace('../../../schemas/', ''), json]),
  ),
);
const wheel = entries.find((e) => e.name === 'gameplay/lucky-wheel')!;
const classic = wheel.templates.find((t) => t.name === 'classic')!.config as Record<string, unknown>;
const label = (property: string, value: unknown) => `${property}=${String(value)}`;

function model(fields?: string[], lang = 'en-US') {
  return buildFormModel({
    root: wheel.schema,
    ui: wheel.ui,
    strings: wheel.locales[lang],
    fields,
    enumLabel: label,
  });
}

describe('form model of a registry entry', () => {
  it('flattens a step of a gameplay into one object schema with localized titles', () => {
    const { schema, uiSchema, fields } = model(['title', 'startTime', 'endTime', 'timezone', 'pageTitle']);
    expect(fields).toEqual(['title', 'startTime', 'endTime', 'timezone', 'pageTitle']);
    expect(Object.keys(schema.properties ?? {})).toEqual(fields);
    expect(schema.required).toEqual(['title', 'startTime', 'endTime', 'timezone']);
    expect((schema.properties as Record<string, { title?: string }>).title.title).toBe('Campaign title');
    expect(uiSchema['ui:order']).toEqual(fields);
    expect(uiSchema.title['ui:placeholder']).toBe('Up to 30 characters, no spaces');
  });

  it('picks widgets from the schema shape: range, language tabs, prize table, colours, images, lists', () => {
    const { uiSchema } = model();
    expect(uiSchema.startTime['ui:field']).toBe('timeRange');
    expect(uiSchema.startTime['ui:title']).toBe('wizard:form.timeRange');
    expect(uiSchema.endTime['ui:widget']).toBe('hidden');
    expect(uiSchema.timezone['ui:widget']).toBe('hidden');
    expect(uiSchema.pageTitle['ui:field']).toBe('i18nText');
    expect(uiSchema.rules.text['ui:options']).toMatchObject({ multiline: true });
    expect(uiSchema.prizes['ui:field']).toBe('prizeTable');
    expect(uiSchema.prizes['ui:help']).toBe(
      'When the other prizes total under 100%, the thank-you prize takes the rest',
    );
    expect(uiSchema.linkData['ui:field']).toBe('keyValue');
    expect(uiSchema.rules.textColor['ui:widget']).toBe('color');
    expect(uiSchema.wheel.pointerImage['ui:widget']).toBe('image');
    expect(uiSchema.backgroundImage['ui:options']).toMatchObject({
      allowGif: false,
      recommendedSize: '750x1334 / 750x1624',
    });
    expect(uiSchema.share.thumbnail['ui:options']).toMatchObject({ allowGif: true });
    expect(uiSchema.whitelist.userIds['ui:widget']).toBe('textarea');
    expect(uiSchema.preheat.startTime['ui:widget']).toBeUndefined();
    expect(uiSchema.delivery.callbackUrl['ui:widget']).toBe('callbackAddress');
    expect(uiSchema.goal['ui:widget']).toBe('radio');
    expect(uiSchema.goal['ui:enumNames']['web-to-app']).toBe('goal=web-to-app');
    expect(uiSchema.share.channels.items['ui:enumNames'].wechat).toBe('channels=wechat');
  });

  it('builds the form of a prize item with its pickers', () => {
    const root = model().rawSchema;
    const prizes = resolveNode(
      root,
      (root.properties as Record<string, Record<string, unknown>>).prizes,
    ).schema;
    const item = buildFormModel({
      root,
      node: prizes.items as Record<string, unknown>,
      ui: {},
      strings: wheel.locales['en-US'],
      enumLabel: label,
    });
    expect(item.fields).toEqual(
      expect.arrayContaining(['id', 'name', 'odds', 'userType', 'callbackUrl', 'keys']),
    );
    expect(item.uiSchema.userType['ui:widget']).toBe('userType');
    expect(item.uiSchema.keys['ui:field']).toBe('keyValue');
    expect(item.uiSchema.image['ui:options']).toMatchObject({ recommendedSize: '300x300' });
  });
});

describe('defaults the form fills in', () => {
  it('leaves the risk rules of every gameplay and sub-activity alone until the operator sets one', () => {
    const players = entries.filter(
      (e) => e.name.startsWith('gameplay/') || e.name.startsWith('sub-activity/'),
    );
    expect(players.length).toBeGreaterThan(10);
    for (const entry of players) {
      const form = buildFormModel({
        root: entry.schema,
        ui: entry.ui,
        strings: entry.locales['en-US'],
        enumLabel: label,
      });
      expect(form.fields, entry.name).toContain('risk');
      const template = entry.templates[0].config as Record<string, unknown>;
      const schema = form.schema as RJSFSchema;
      const filled = getDefaultFormState(
        engineValidator(entry.schema, 'en-US'),
        schema,
        template,
        schema,
        false,
        FORM_DEFAULTS,
      ) as Record<string, unknown>;
      // A rule half made by defaults (a device rule's action without its maximum) is refused.
      expect(filled.risk, entry.name).toEqual(template.risk);
      expect(
        validateConfig(entry.schema, filled, 'en-US').filter((issue) => issue.path.startsWith('/risk')),
        entry.name,
      ).toEqual([]);
    }
  });

  it('takes a device rule left without its maximum as no rule, not as an error', () => {
    const rules = [{}, { action: 'flag' }, { max: 2 }, { max: 2, action: 'flag' }];
    for (const devicesPerUser of rules)
      expect(validateConfig(wheel.schema, { ...classic, risk: { devicesPerUser } }, 'en-US')).toEqual([]);
    expect(
      validateConfig(wheel.schema, { ...classic, risk: { devicesPerUser: { max: 0 } } }, 'en-US'),
    ).toEqual([expect.objectContaining({ path: '/risk/devicesPerUser/max', keyword: 'minimum' })]);
  });
});

describe('engine validation in the browser', () => {
  it('gives the server its field issues, localized, as JSON pointers', () => {
    expect(validateConfig(wheel.schema, classic, 'en-US')).toEqual([]);
    const broken = {
      ...classic,
      title: 'a b',
      prizes: [{ ...(classic.prizes as object[])[0], odds: 120 }, ...(classic.prizes as object[]).slice(1)],
    };
    const issues = validateConfig(wheel.schema, broken, 'zh-CN');
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: '/title', keyword: 'pattern', message: '不能包含空格' },
        expect.objectContaining({ path: '/prizes/0/odds', keyword: 'maximum' }),
      ]),
    );
    expect(toErrorSchema(issues)).toMatchObject({
      title: { __errors: ['不能包含空格'] },
      prizes: { 0: { odds: {} } },
    });
  });
});
