import { Alert, Button, Spin, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DateRangePresets } from '../../linkAnalytics/DateRangePresets';
import { useCanEdit } from '../../../app/useCanEdit';
import { MAX_ANALYSIS_DAYS } from '../analysisTypes';
import { DashboardFormModal } from './DashboardFormModal';
import { DashboardToolbar } from './DashboardToolbar';
import { NoDashboards } from './NoDashboards';
import { useOverviewEditor } from './useOverviewEditor';
import { WidgetFormModal } from './WidgetFormModal';
import { WidgetGrid } from './WidgetGrid';
import '../analysis.css';

/** Overview dashboards: named sets of metric widgets over real reported data, one the default. */
export function OverviewPage() {
  const { t } = useTranslation();
  const canEdit = useCanEdit();
  const editor = useOverviewEditor();
  const { overviews, current, saving } = editor;

  return (
    <div className="gc-page">
      <div className="gc-page-head">
        <div>
          <Typography.Title level={3}>{t('menu:page.overview')}</Typography.Title>
          <Typography.Text type="secondary">{t('analysis:overview.description')}</Typography.Text>
        </div>
        {canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => editor.setDashboardModal('create')}>
            {t('analysis:dashboard.create')}
          </Button>
        )}
      </div>
      {editor.error && (
        <Alert type="error" showIcon title={editor.error.message || t('analysis:loadFailed')} />
      )}
      {editor.isLoading && <Spin className="gc-page-spin" />}
      {overviews && overviews.length === 0 && (
        <NoDashboards canEdit={canEdit} onCreate={() => editor.setDashboardModal('create')} />
      )}
      {current && overviews && (
        <>
          <DashboardToolbar
            overviews={overviews}
            current={current}
            canEdit={canEdit}
            saving={saving}
            onSelect={editor.select}
            onEdit={() => editor.setDashboardModal('edit')}
            onMakeDefault={() => editor.makeDefault(current)}
            onDelete={() => editor.removeDashboard(current)}
            onAddWidget={() => editor.setWidgetModal({})}
          />
          <DateRangePresets
            value={editor.range}
            onChange={editor.pickRange}
            maxDays={MAX_ANALYSIS_DAYS}
            today={editor.today}
          />
          <WidgetGrid
            overview={current}
            range={editor.range}
            today={editor.today}
            canEdit={canEdit}
            onAdd={() => editor.setWidgetModal({})}
            onEdit={(index) => editor.setWidgetModal({ index })}
            onRemove={(index) => editor.removeWidget(current, index)}
          />
        </>
      )}
      <DashboardFormModal
        open={editor.dashboardModal !== undefined}
        overview={editor.dashboardModal === 'edit' ? current : undefined}
        first={!overviews?.length}
        saving={saving}
        onClose={() => editor.setDashboardModal(undefined)}
        onSave={(values) => void editor.saveDashboard(values)}
      />
      <WidgetFormModal
        open={editor.widgetModal !== undefined}
        widget={editor.editing}
        saving={saving}
        onClose={() => editor.setWidgetModal(undefined)}
        onSave={editor.saveWidget}
      />
    </div>
  );
}
