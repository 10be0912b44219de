import { describe, expect, it } from 'vitest';
import { formAnswerIssues, type FormItem } from './formAnswers';

const ITEMS: FormItem[] = [
  { label: 'Name', type: 'text', required: true },
  { label: 'Email', type: 'email', required: true },
  { label: 'Phone', type: 'phone' },
  { label: 'Address', type: 'address', required: true },
  { label: 'Note', type: 'textarea' },
];

const VALID = {
  Name: '  Ada  ',
  Email: 'ada@example.com',
  Phone: '+86 138-0000 (0000)',
  Address: 'Line 1\nLine 2',
  Note: 'a\tb\r\nc',
};

/** The issues of the valid answers with some of them changed. */
const issuesWith = (changed: Record<string, string>) => formAnswerIssues(ITEMS, { ...VALID, ...changed });

describe('formAnswerIssues', () => {
  it('takes trimmed answers that fit every item; address and textarea items may span lines', () => {
    expect(formAnswerIssues(ITEMS, VALID)).toEqual([]);
  });

  it('asks for the required items only, an answer of spaces counting as none, in item order', () => {
    expect(formAnswerIssues(ITEMS, {})).toEqual([
      { label: 'Name', messageKey: 'required' },
      { label: 'Email', messageKey: 'required' },
      { label: 'Address', messageKey: 'required' },
    ]);
    expect(issuesWith({ Name: '   ', Phone: ' ', Note: '' })).toEqual([
      { label: 'Name', messageKey: 'required' },
    ]);
  });

  it('holds 100 characters on one-line items and 500 on multi-line ones, after trimming', () => {
    expect(
      issuesWith({ Name: ` ${'x'.repeat(100)} `, Address: 'x'.repeat(500), Note: 'x'.repeat(500) }),
    ).toEqual([]);
    expect(issuesWith({ Name: 'x'.repeat(101), Address: 'x'.repeat(501), Note: 'x'.repeat(501) })).toEqual([
      { label: 'Name', messageKey: 'maxLength_other', params: { limit: 100 } },
      { label: 'Address', messageKey: 'maxLength_other', params: { limit: 500 } },
      { label: 'Note', messageKey: 'maxLength_other', params: { limit: 500 } },
    ]);
    // Too long is said first, then more than one line.
    expect(issuesWith({ Name: `a\n${'x'.repeat(100)}` })).toEqual([
      { label: 'Name', messageKey: 'maxLength_other', params: { limit: 100 } },
    ]);
  });

  it('keeps other items on one line: no line break or tab inside', () => {
    for (const inside of ['a\nb', 'a\rb', 'a\tb'])
      expect(issuesWith({ Name: inside })).toEqual([{ label: 'Name', messageKey: 'singleLine' }]);
    expect(issuesWith({ Email: 'ada@\nexample.com' })).toEqual([
      { label: 'Email', messageKey: 'singleLine' },
    ]);
  });

  it('takes an e-mail address with one @ and a dot in its domain, nothing around it', () => {
    for (const email of ['a@b.c', 'ada.l+x@mail.example.org'])
      expect(issuesWith({ Email: email }), email).toEqual([]);
    for (const email of [
      'ada@example',
      'ada@examplecom',
      '@example.com',
      'ada@.com',
      'ada@example.',
      'a@b@c.d',
      'ada lovelace@example.com',
      'ada@example.com x',
      'tel 12345',
    ])
      expect(issuesWith({ Email: email }), email).toEqual([{ label: 'Email', messageKey: 'format.email' }]);
    // Only an e-mail item reads it as one.
    expect(issuesWith({ Name: 'not an address' })).toEqual([]);
  });

  it('takes a phone number of 5 to 20 digits, spaces, brackets and dashes, after an optional +', () => {
    for (const phone of [
      '12345',
      '+12345',
      '1'.repeat(20),
      `+${'1'.repeat(20)}`,
      '138 0000-0000',
      '0 (21) 5555',
    ])
      expect(issuesWith({ Phone: phone }), phone).toEqual([]);
    for (const phone of [
      '1234',
      '+1234',
      '1'.repeat(21),
      '(21) 5555',
      '-12345',
      '++12345',
      '12345x',
      'tel 12345',
      '12.345.678',
      'ada@example.com',
    ])
      expect(issuesWith({ Phone: phone }), phone).toEqual([{ label: 'Phone', messageKey: 'phone' }]);
  });
});
