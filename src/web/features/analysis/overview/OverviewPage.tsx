import { useState } from 'react';
import { Alert, App, Button, Card, Col, Empty, Row, Spin, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DateRangePresets } from '../../linkAnalytics/DateRangePresets';
import { presetRange, type DateRange } from '../../linkAnalytics/dateRangePresets';
import { useCanEdit } from '../../../app/useCanEdit';
import { MAX_ANALYSIS_DAYS, type Overview, type Widget } from '../analysisTypes';
import { useProjectToday } from '../../projects/useProjectTimeZone';
import { presetKeyOf, starterWidgets } from '../widgetRules';
import { DashboardFormModal, type DashboardForm } from './DashboardFormModal';
import { DashboardToolbar } from './DashboardToolbar';
import { useOverviews } from './useOverviews';
import { WidgetCard } from './WidgetCard';
import { WidgetFormModal } from './WidgetFormModal';
import '../analysis.css';

/** Grid width of a widget: figures and the retention table take a whole row, charts half. */
function spanOf(widget: Widget) {
  if (widget.chart === 'number') return { xs: 24 };
  if (widget.metric === 'retention' && widget.chart === 'table') return { xs: 24 };
  return { xs: 24, xl: 12 };
}

/** Overview dashboards: named sets of metric widgets over real reported data, one the default. */
export function OverviewPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const canEdit = useCanEdit();
  const { overviews, error, isLoading, create, update, remove } = useOverviews();
  const [selectedId, setSelectedId] = useState<string>();
  const current = overviews?.find((overview) => overview.id === selectedId) ?? overviews?.[0];
  const today = useProjectToday();
  // The range follows the dashboard's preset until the user picks another one.
  const [picked, setPicked] = useState<{ id: string; range: DateRange }>();
  const range =
    picked && picked.id === current?.id
      ? picked.range
      : presetRange(presetKeyOf(current?.filters.preset ?? 'last7'), today);

  const [dashboardModal, setDashboardModal] = useState<'create' | 'edit'>();
  const [widgetModal, setWidgetModal] = useState<{ index?: number }>();
  const [saving, setSaving] = useState(false);

  async function run<T>(action: () => Promise<T>, done: string): Promise<T | undefined> {
    setSaving(true);
    try {
      const result = await action();
      void message.success(t(done));
      return result;
    } catch {
      // Shown by the request client.
      return undefined;
    } finally {
      setSaving(false);
    }
  }

  async function saveDashboard(values: DashboardForm) {
    const filters = {
      ...(current && dashboardModal === 'edit' ? current.filters : {}),
      preset: values.preset,
      platforms: values.platforms?.length ? values.platforms : undefined,
    };
    const saved =
      dashboardModal === 'edit' && current
        ? await run(
            () => update(current, { name: values.name.trim(), isDefault: values.isDefault, filters }),
            'common:saved',
          )
        : await run(
            () =>
              create({
                name: values.name.trim(),
                isDefault: values.isDefault,
                widgets: values.starter ? starterWidgets : [],
                filters,
              }),
            'common:created',
          );
    if (!saved) return;
    setSelectedId(saved.id);
    setDashboardModal(undefined);
  }

  async function saveWidgets(overview: Overview, widgets: Widget[], done: string) {
    const saved = await run(() => update(overview, { widgets }), done);
    if (saved) setWidgetModal(undefined);
  }

  const editing = widgetModal?.index === undefined ? undefined : current?.widgets[widgetModal.index];

  return (
    <div className="gc-page">
      <div className="gc-page-head">
        <div>
          <Typography.Title level={3}>{t('menu:page.overview')}</Typography.Title>
          <Typography.Text type="secondary">{t('analysis:overview.description')}</Typography.Text>
        </div>
        {canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDashboardModal('create')}>
            {t('analysis:dashboard.create')}
          </Button>
        )}
      </div>
      {error && <Alert type="error" showIcon title={error.message || t('analysis:loadFailed')} />}
      {isLoading && <Spin className="gc-page-spin" />}
      {overviews && overviews.length === 0 && (
        <Card>
          <Empty
            data-testid="no-dashboards"
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t(canEdit ? 'analysis:dashboard.empty' : 'analysis:dashboard.emptyViewer')}
          >
            {canEdit && (
              <Button type="primary" onClick={() => setDashboardModal('create')}>
                {t('analysis:dashboard.create')}
              </Button>
            )}
          </Empty>
        </Card>
      )}
      {current && overviews && (
        <>
          <DashboardToolbar
            overviews={overviews}
            current={current}
            canEdit={canEdit}
            saving={saving}
            onSelect={setSelectedId}
            onEdit={() => setDashboardModal('edit')}
            onMakeDefault={() =>
              void run(() => update(current, { isDefault: true }), 'analysis:dashboard.madeDefault')
            }
            onDelete={() =>
              void run(() => remove(current), 'common:deleted').then(() => setSelectedId(undefined))
            }
            onAddWidget={() => setWidgetModal({})}
          />
          <DateRangePresets
            value={range}
            onChange={(next) => setPicked({ id: current.id, range: next })}
            maxDays={MAX_ANALYSIS_DAYS}
            today={today}
          />
          {current.widgets.length === 0 ? (
            <Card>
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('analysis:widget.empty')}>
                {canEdit && (
                  <Button type="primary" icon={<PlusOutlined />} onClick={() => setWidgetModal({})}>
                    {t('analysis:widget.add')}
                  </Button>
                )}
              </Empty>
            </Card>
          ) : (
            <Row gutter={[16, 16]}>
              {current.widgets.map((widget, index) => {
                const own = widget.filters?.preset;
                return (
                  <Col key={widget.id ?? index} {...spanOf(widget)}>
                    <WidgetCard
                      widget={widget}
                      range={own ? presetRange(presetKeyOf(own), today) : range}
                      rangeLabel={own ? t(`analytics:preset.${presetKeyOf(own)}`) : undefined}
                      filters={{ ...current.filters, ...widget.filters }}
                      canEdit={canEdit}
                      onEdit={() => setWidgetModal({ index })}
                      onRemove={() =>
                        void saveWidgets(
                          current,
                          current.widgets.filter((_, i) => i !== index),
                          'analysis:widget.removed',
                        )
                      }
                    />
                  </Col>
                );
              })}
            </Row>
          )}
        </>
      )}
      <DashboardFormModal
        open={dashboardModal !== undefined}
        overview={dashboardModal === 'edit' ? current : undefined}
        first={!overviews?.length}
        saving={saving}
        onClose={() => setDashboardModal(undefined)}
        onSave={(values) => void saveDashboard(values)}
      />
      <WidgetFormModal
        open={widgetModal !== undefined}
        widget={editing}
        saving={saving}
        onClose={() => setWidgetModal(undefined)}
        onSave={(widget) => {
          if (!current) return;
          const widgets =
            widgetModal?.index === undefined
              ? [...current.widgets, widget]
              : current.widgets.map((existing, i) => (i === widgetModal.index ? widget : existing));
          void saveWidgets(current, widgets, 'common:saved');
        }}
      />
    </div>
  );
}
