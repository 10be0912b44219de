/** A reward form item (entity `form`). */
export interface FormItem {
  label: string;
  type: string;
  required?: boolean;
}

export interface FormAnswerIssue {
  label: string;
  /** A key of locales/validation.json. */
  messageKey: 'required' | 'format.email' | 'phone' | 'singleLine' | 'maxLength_other';
  params?: Record<string, unknown>;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9][0-9 ()-]{4,19}$/;
const MULTI_LINE = new Set(['textarea', 'address']);

/**
 * Checks a winner's answers to a reward form, item by item (answers trimmed first): required
 * items need text, e-mail and phone items a valid value, other items one line except address and
 * textarea; at most 100 characters (500 for multi-line items). Answers to labels the form does not
 * ask are dropped by the caller.
 */
export function formAnswerIssues(
  items: readonly FormItem[],
  answers: Record<string, string>,
): FormAnswerIssue[] {
  const issues: FormAnswerIssue[] = [];
  for (const item of items) {
    const value = (answers[item.label] ?? '').trim();
    const multiLine = MULTI_LINE.has(item.type);
    const limit = multiLine ? 500 : 100;
    if (!value) {
      if (item.required) issues.push({ label: item.label, messageKey: 'required' });
    } else if (value.length > limit) {
      issues.push({ label: item.label, messageKey: 'maxLength_other', params: { limit } });
    } else if (!multiLine && /[\r\n\t]/.test(value)) {
      issues.push({ label: item.label, messageKey: 'singleLine' });
    } else if (item.type === 'email' && !EMAIL.test(value)) {
      issues.push({ label: item.label, messageKey: 'format.email' });
    } else if (item.type === 'phone' && !PHONE.test(value)) {
      issues.push({ label: item.label, messageKey: 'phone' });
    }
  }
  return issues;
}
