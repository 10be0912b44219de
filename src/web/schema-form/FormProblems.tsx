import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EnumLabeler } from './autoUi';
import type { FormLang } from './engineValidator';
import { topFieldOf } from './fieldIssues';
import { issueLines } from './issueLines';
import type { SchemaEntry, ValidationIssue } from './schemaEntry';

interface FormProblemsProps {
  issues: readonly ValidationIssue[];
  /** The top-level fields the form shows. */
  shownFields: readonly string[];
  /** A wizard step's summary: every problem, shown fields' first; else only those of fields not shown. */
  summary?: boolean;
  entry: SchemaEntry;
  strings: Record<string, string>;
  lang: FormLang;
  enumLabel: EnumLabeler;
}

/** The problems listed above a SchemaForm, each naming its field; nothing when there are none. */
export function FormProblems({
  issues,
  shownFields,
  summary,
  entry,
  strings,
  lang,
  enumLabel,
}: FormProblemsProps) {
  const { t } = useTranslation();
  const elsewhere = issues.filter((issue) => !shownFields.includes(topFieldOf(issue.path)));
  const listed = summary
    ? [...issues.filter((issue) => shownFields.includes(topFieldOf(issue.path))), ...elsewhere]
    : elsewhere;
  const lines = issueLines(listed, {
    schema: entry.schema,
    strings,
    lang,
    languageName: (code) => enumLabel('language', code),
  });
  if (lines.length === 0) return null;
  const problemList = (
    <ul className="gc-sf-problems">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
  return (
    <Alert
      type="error"
      showIcon
      className={summary ? 'gc-sf-summary' : 'gc-sf-elsewhere'}
      data-testid="form-problems"
      title={summary ? t('wizard:wizard.summary', { count: lines.length }) : problemList}
      description={summary ? problemList : undefined}
    />
  );
}
