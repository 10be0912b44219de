import { describe, expect, it } from 'vitest';
import { makeT } from '../i18n/texts';
import {
  formProblems,
  inputKind,
  multiLine,
  pointerLabel,
  problemOf,
  sentValues,
  serverProblems,
} from './rewardFormFields';

const t = makeT('en-US');
const item = (label: string, type: string, required = true) => ({ label, type, required });

describe('reward form fields', () => {
  it('asks for required fields and checks e-mail and phone shapes as the server does', () => {
    expect(problemOf(item('Name', 'text'), '  ', t)).toBe(t('form.required', { label: 'Name' }));
    expect(problemOf(item('Note', 'text', false), '', t)).toBeNull();
    expect(problemOf(item('Mail', 'email'), 'a@b', t)).toBe(t('form.email'));
    expect(problemOf(item('Mail', 'email'), ' a@b.cn ', t)).toBeNull();
    expect(problemOf(item('Phone', 'phone'), '12ab', t)).toBe(t('form.phone'));
    expect(problemOf(item('Phone', 'phone'), '+86 (10) 1234-5678', t)).toBeNull();
    expect(problemOf(item('Mail', 'email', false), 'x', t)).toBe(t('form.email'));
  });

  it('finds every problem by label, and sends every field trimmed', () => {
    const items = [item('Name', 'text'), item('Mail', 'email'), item('Note', 'textarea', false)];
    expect(formProblems(items, { Name: 'Ann', Mail: 'bad' }, t)).toEqual({ Mail: t('form.email') });
    expect(formProblems(items, { Name: 'Ann', Mail: 'a@b.cn' }, t)).toEqual({});
    expect(sentValues(items, { Name: ' Ann ', Mail: 'a@b.cn' })).toEqual({
      Name: 'Ann',
      Mail: 'a@b.cn',
      Note: '',
    });
  });

  it("puts the server's problems under the field its JSON pointer names", () => {
    expect(pointerLabel('/values/a~1b~0c')).toBe('a/b~c');
    expect(serverProblems({ '/values/Mail': 'Taken', '/values/x~1y': 'Bad' })).toEqual({
      Mail: 'Taken',
      'x/y': 'Bad',
    });
  });

  it('takes several lines for texts and addresses, the right keyboard for e-mail and phone', () => {
    expect(multiLine(item('A', 'address'))).toBe(true);
    expect(multiLine(item('A', 'textarea'))).toBe(true);
    expect(multiLine(item('A', 'text'))).toBe(false);
    expect(inputKind(item('A', 'email'))).toEqual({
      type: 'email',
      inputMode: 'email',
      autoComplete: 'email',
    });
    expect(inputKind(item('A', 'phone'))).toEqual({ type: 'tel', inputMode: 'tel', autoComplete: 'tel' });
    expect(inputKind(item('A', 'text'))).toEqual({
      type: 'text',
      inputMode: undefined,
      autoComplete: undefined,
    });
  });
});
