import { useMemo, useState } from 'react';
import { DatePicker, Radio, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useProjectTimeZone, useProjectToday } from '../projects/useProjectTimeZone';
import {
  DAY_FORMAT,
  datePresetKeys,
  isDayOutOfRange,
  presetDays,
  presetRange,
  rangeDayCount,
  type DatePresetKey,
  type DateRange,
} from './dateRangePresets';

interface Props {
  value: DateRange;
  onChange(range: DateRange): void;
  /** Longest range allowed in days (10 where a report limits its queries). */
  maxDays?: number;
  /** Today, for tests and for pages that fix the clock; the project's day (its time zone) otherwise. */
  today?: Dayjs;
}

/**
 * The date range of a report: the date presets as buttons plus a range picker, counted in the
 * project's time zone (named next to them). With `maxDays`, presets and picks longer than that are
 * refused here (the server refuses them too).
 */
export function DateRangePresets({ value, onChange, maxDays, today: fixedToday }: Props) {
  const { t } = useTranslation();
  const projectToday = useProjectToday();
  const timeZone = useProjectTimeZone();
  const today = useMemo(() => (fixedToday ?? projectToday).startOf('day'), [fixedToday, projectToday]);
  const [tooLong, setTooLong] = useState(false);

  const fits = (from: Dayjs, to: Dayjs) => !maxDays || rangeDayCount(from, to) <= maxDays;
  const presets = datePresetKeys.map((key) => {
    const [from, to] = presetDays(key, today);
    return { key, from, to, disabled: !fits(from, to) };
  });
  const active = presets.find(
    (preset) => preset.from.format(DAY_FORMAT) === value.from && preset.to.format(DAY_FORMAT) === value.to,
  );

  function choose(key: DatePresetKey) {
    setTooLong(false);
    onChange(presetRange(key, today));
  }

  function pick(range: [Dayjs | null, Dayjs | null] | null) {
    const [from, to] = range ?? [];
    if (!from || !to) return;
    if (!fits(from, to)) {
      setTooLong(true);
      return;
    }
    setTooLong(false);
    onChange({ from: from.format(DAY_FORMAT), to: to.format(DAY_FORMAT) });
  }

  return (
    <Space wrap size={[12, 8]} data-testid="date-range">
      <Radio.Group
        optionType="button"
        size="middle"
        value={active?.key}
        onChange={(event) => choose(event.target.value as DatePresetKey)}
        options={presets.map((preset) => ({
          value: preset.key,
          label: t(`analytics:preset.${preset.key}`),
          disabled: preset.disabled,
          title: preset.disabled ? t('analytics:range.tooLong', { days: maxDays }) : undefined,
        }))}
      />
      <DatePicker.RangePicker
        allowClear={false}
        value={[dayjs(value.from), dayjs(value.to)]}
        onChange={pick}
        disabledDate={(date, info) => isDayOutOfRange(date, today, maxDays, info.from)}
        status={tooLong ? 'error' : undefined}
        aria-label={t('analytics:range.label')}
      />
      {maxDays && (
        <Typography.Text type={tooLong ? 'danger' : 'secondary'}>
          {t(tooLong ? 'analytics:range.tooLong' : 'analytics:range.limit', { days: maxDays })}
        </Typography.Text>
      )}
      <Typography.Text type="secondary" data-testid="range-zone">
        {t('analytics:range.zone', { tz: timeZone })}
      </Typography.Text>
    </Space>
  );
}
