import { Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { LanguageText } from './findLanguageTexts';
import { languageName } from './languageName';
import './campaigns.css';

interface Props {
  texts: LanguageText[];
  languages: string[];
  /** The field name of a text (schema titles along its path). */
  labelOf(text: LanguageText): string;
}

/** Every per-language text of a config: one row per text, one column per campaign language. */
export function LanguageTextsTable({ texts, languages, labelOf }: Props) {
  const { t, i18n } = useTranslation();
  const columns: ColumnsType<LanguageText> = [
    {
      title: t('campaigns:languages.field'),
      key: 'field',
      width: 220,
      fixed: 'left',
      render: (_v, row) => labelOf(row),
    },
    ...languages.map((language) => ({
      title: languageName(language, i18n.language),
      key: language,
      width: 260,
      render: (_value: unknown, row: LanguageText) => {
        const text = row.values[language];
        return text && text.trim() ? (
          <Typography.Paragraph ellipsis={{ rows: 2, tooltip: text }} style={{ marginBottom: 0 }}>
            {text}
          </Typography.Paragraph>
        ) : (
          <Tag color="error" className="gc-lang-missing">
            {t('campaigns:languages.missing')}
          </Tag>
        );
      },
    })),
  ];
  return (
    <Table<LanguageText>
      rowKey={(row) => row.path.join('/')}
      dataSource={texts}
      columns={columns}
      pagination={false}
      scroll={{ x: 220 + languages.length * 260 }}
      locale={{ emptyText: t('campaigns:languages.noTexts') }}
    />
  );
}
