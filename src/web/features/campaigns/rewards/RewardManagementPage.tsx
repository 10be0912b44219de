import { useTranslation } from 'react-i18next';
import { EntityFormModal } from './EntityFormModal';
import { EntityListPage } from './EntityListPage';
import type { PrizeRow } from './entityTypes';
import { prizeColumns } from './prizeColumns';

/** rewardManagement: the prize library that gameplays pick prizes from. */
export function RewardManagementPage() {
  const { t, i18n } = useTranslation();
  return (
    <EntityListPage<PrizeRow>
      title={t('menu:page.rewards')}
      description={t('rewards:prize.description')}
      createLabel={t('rewards:prize.create')}
      endpoint="/api/prizes"
      testId="prize-table"
      emptyText={t('rewards:prize.empty')}
      loadFailedText={t('rewards:common.loadFailed')}
      deleteTitle={t('rewards:prize.deleteTitle')}
      deleteConfirm={(row) => t('rewards:prize.deleteConfirm', { name: row.name })}
      columns={prizeColumns({ t, language: i18n.language })}
      renderForm={(props) => (
        <EntityFormModal
          {...props}
          entity="prize"
          endpoint="/api/prizes"
          title={t(props.row ? 'rewards:prize.edit' : 'rewards:prize.create')}
        />
      )}
    />
  );
}
