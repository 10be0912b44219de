import { describe, expect, it } from 'vitest';
import {
  byField,
  linkSections,
  mergeLinkConfig,
  ownIssues,
  schemaFields as fieldsOf,
  splitErrors,
} from './linkSections';

const schemaFields = [
  'name',
  'linkId',
  'templateId',
  'address',
  'tags',
  'redirectMode',
  'redirects',
  'deferredData',
  'share',
  'attribution',
];

describe('linkSections', () => {
  it('shows the redirect targets only for custom redirects', () => {
    const template = linkSections(schemaFields, 'template');
    expect(template.find((s) => s.key === 'redirect')?.fields).toEqual(['redirectMode']);
    const custom = linkSections(schemaFields, 'custom');
    expect(custom.find((s) => s.key === 'redirect')?.fields).toEqual(['redirectMode', 'redirects']);
  });

  it('leaves the page-owned fields out and puts unknown schema fields in a last section', () => {
    const sections = linkSections([...schemaFields, 'expiresAt'], 'template');
    const all = sections.flatMap((s) => s.fields);
    expect(all).not.toContain('linkId');
    expect(all).not.toContain('tags');
    expect(sections.at(-1)).toEqual({ key: 'other', fields: ['expiresAt'] });
  });

  it('drops sections whose fields the schema does not have', () => {
    expect(linkSections(['name', 'redirectMode'], 'custom').map((s) => s.key)).toEqual(['basic', 'redirect']);
  });
});

describe('mergeLinkConfig', () => {
  it('takes each section only its own fields and adds the pickers', () => {
    const config = mergeLinkConfig(
      [
        { fields: ['name'], data: { name: 'A', redirectMode: 'stale' } },
        { fields: ['redirectMode'], data: { name: 'stale', redirectMode: 'template' } },
      ],
      { linkId: ' Ab12Cd ', templateId: 't1', tags: ['x'] },
    );
    expect(config).toEqual({
      name: 'A',
      redirectMode: 'template',
      linkId: 'Ab12Cd',
      templateId: 't1',
      tags: ['x'],
    });
  });

  it('omits an empty link id so the server picks one', () => {
    expect(mergeLinkConfig([], { linkId: '  ', templateId: 't1' })).toEqual({ templateId: 't1', tags: [] });
  });
});

describe('splitErrors', () => {
  it('routes errors to the section or picker showing the field', () => {
    const sections = [{ fields: ['name'] }, { fields: ['redirectMode', 'redirects'] }];
    const result = splitErrors(
      [
        { path: '/redirects/ios', message: 'bad url' },
        { path: '/linkId', message: 'taken' },
        { path: '/name', message: 'too long' },
        { path: '', message: 'whole body' },
      ],
      sections,
    );
    expect(result.bySection).toEqual([
      [{ path: '/name', message: 'too long' }],
      [{ path: '/redirects/ios', message: 'bad url' }],
    ]);
    expect(result.own).toEqual([{ path: '/linkId', message: 'taken' }]);
    expect(result.other).toEqual([{ path: '', message: 'whole body' }]);
  });
});

describe('schemaFields', () => {
  it('lists the schema’s top-level properties, none when it has no object of them', () => {
    expect(fieldsOf({ type: 'object', properties: { name: {}, tags: {} } })).toEqual(['name', 'tags']);
    expect(fieldsOf({ type: 'object' })).toEqual([]);
  });
});

describe('byField and ownIssues', () => {
  const errors = [
    { path: '/linkId', message: 'taken' },
    { path: '/tags/3', message: 'too long' },
    { path: '/linkId', message: 'bad' },
    { path: '/name', message: 'required' },
  ];

  it('groups messages by their top-level field', () => {
    expect(byField(errors)).toEqual({ linkId: ['taken', 'bad'], tags: ['too long'], name: ['required'] });
  });

  it('keeps the issues of the page’s own pickers', () => {
    expect(ownIssues(errors)).toEqual([errors[0], errors[1], errors[2]]);
  });
});
