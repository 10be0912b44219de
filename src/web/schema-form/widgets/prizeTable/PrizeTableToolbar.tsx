import { Segmented, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SchemaFormContext } from '../../schemaFormContext';
import type { thankYouShare } from './prizeRows';

interface PrizeTableToolbarProps {
  languages: readonly string[];
  /** The language whose names the table edits. */
  lang: string;
  onLang(lang: string): void;
  odds: ReturnType<typeof thankYouShare>;
  enumLabel: SchemaFormContext['enumLabel'];
}

/** Above the prize table: the language being edited (with several) and the odds' total. */
export function PrizeTableToolbar({ languages, lang, onLang, odds, enumLabel }: PrizeTableToolbarProps) {
  const { t } = useTranslation();
  return (
    <Space className="gc-prize-toolbar" wrap>
      {languages.length > 1 && (
        <Segmented
          size="small"
          className="gc-prize-langs"
          value={lang}
          onChange={(value) => onLang(String(value))}
          options={languages.map((l) => ({ value: l, label: enumLabel('language', l) }))}
        />
      )}
      <Typography.Text type={odds.overflow ? 'danger' : 'secondary'} data-testid="odds-summary">
        {odds.share !== null
          ? t('wizard:prizes.summaryThank', { total: odds.total, share: odds.share })
          : t('wizard:prizes.summary', { total: odds.total })}
      </Typography.Text>
    </Space>
  );
}
