import { useMemo, useState } from 'react';
import { DatePicker, Radio, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useProjectTimeZone, useProjectToday } from '../../projects/useProjectTimeZone';
import {
  DAY_FORMAT,
  isDayOutOfRange,
  rangeDayCount,
  type DateRange,
} from '../../linkAnalytics/dateRangePresets';
import {
  ADS_MAX_DAYS,
  adsPresetKeys,
  adsPresetOf,
  adsPresetRange,
  type AdsPresetKey,
} from './adsDatePresets';

interface Props {
  value: DateRange;
  onChange(range: DateRange): void;
}

/**
 * The date range of an ads report: today, yesterday, last 7 and last 10 days, or days picked up to
 * 10 days long, in the project's time zone (named beside them), as the other reports.
 */
export function AdsDateRange({ value, onChange }: Props) {
  const { t } = useTranslation();
  const projectToday = useProjectToday();
  const timeZone = useProjectTimeZone();
  const today = useMemo(() => projectToday.startOf('day'), [projectToday]);
  const [tooLong, setTooLong] = useState(false);

  function pick(range: [Dayjs | null, Dayjs | null] | null) {
    const [from, to] = range ?? [];
    if (!from || !to) return;
    if (rangeDayCount(from, to) > ADS_MAX_DAYS) {
      setTooLong(true);
      return;
    }
    setTooLong(false);
    onChange({ from: from.format(DAY_FORMAT), to: to.format(DAY_FORMAT) });
  }

  return (
    <Space wrap size={[12, 8]} data-testid="ads-date-range">
      <Radio.Group
        optionType="button"
        value={adsPresetOf(value, today)}
        onChange={(event) => {
          setTooLong(false);
          onChange(adsPresetRange(event.target.value as AdsPresetKey, today));
        }}
        options={adsPresetKeys.map((key) => ({ value: key, label: t(`ads:preset.${key}`) }))}
      />
      <DatePicker.RangePicker
        allowClear={false}
        value={[dayjs(value.from), dayjs(value.to)]}
        onChange={pick}
        disabledDate={(date, info) => isDayOutOfRange(date, today, ADS_MAX_DAYS, info.from)}
        status={tooLong ? 'error' : undefined}
        aria-label={t('ads:range.label')}
      />
      <Typography.Text type={tooLong ? 'danger' : 'secondary'}>
        {t(tooLong ? 'ads:range.tooLong' : 'ads:range.limit', { days: ADS_MAX_DAYS })}
      </Typography.Text>
      <Typography.Text type="secondary" data-testid="ads-range-zone">
        {t('ads:range.zone', { tz: timeZone })}
      </Typography.Text>
    </Space>
  );
}
