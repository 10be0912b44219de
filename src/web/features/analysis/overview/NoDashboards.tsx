import { Button, Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  canEdit: boolean;
  onCreate(): void;
}

/** A project without dashboards: says so and (for editors) offers to create the first one. */
export function NoDashboards({ canEdit, onCreate }: Props) {
  const { t } = useTranslation();
  return (
    <Card>
      <Empty
        data-testid="no-dashboards"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t(canEdit ? 'analysis:dashboard.empty' : 'analysis:dashboard.emptyViewer')}
      >
        {canEdit && (
          <Button type="primary" onClick={onCreate}>
            {t('analysis:dashboard.create')}
          </Button>
        )}
      </Empty>
    </Card>
  );
}
