import { useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { buildQuery } from '../../api/createRequestClient';
import type { CampaignSummary, Page } from './campaignTypes';

interface Props {
  value: string | null;
  onChange(id: string): void;
  /** Only campaigns of this gameplay. */
  mark?: string;
}

/** Choose a gameplay campaign by title (searching on the server). */
export function CampaignPicker({ value, onChange, mark }: Props) {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const key = `/api/campaigns${buildQuery({ kind: 'gameplay', mark, title, page: 1, pageSize: 50 })}`;
  const { data, isLoading } = useSWR<Page<CampaignSummary>>(key);
  return (
    <Select
      style={{ width: 320 }}
      value={value ?? undefined}
      placeholder={t('campaigns:picker.placeholder')}
      aria-label={t('campaigns:picker.placeholder')}
      loading={isLoading}
      showSearch={{ filterOption: false, onSearch: setTitle }}
      onChange={onChange}
      notFoundContent={t('campaigns:picker.none')}
      options={(data?.items ?? []).map((campaign) => ({ value: campaign.id, label: campaign.title }))}
    />
  );
}
