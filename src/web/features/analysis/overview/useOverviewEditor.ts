import { useState } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { presetRange, type DateRange } from '../../linkAnalytics/dateRangePresets';
import type { Overview, OverviewFilters, Widget } from '../analysisTypes';
import { useProjectToday } from '../../projects/useProjectTimeZone';
import { presetKeyOf, starterWidgets } from '../widgetRules';
import type { DashboardForm } from './DashboardFormModal';
import { useOverviews } from './useOverviews';

/**
 * A dashboard's filters from its form: the date preset and the platforms (none picked = all);
 * an edit keeps the filters the form does not show (`kept`, the dashboard's own).
 */
export function dashboardFilters(values: DashboardForm, kept?: OverviewFilters): OverviewFilters {
  return {
    ...(kept ?? {}),
    preset: values.preset,
    platforms: values.platforms?.length ? values.platforms : undefined,
  };
}

/** The widgets with `widget` put at `index` in place of the one there, or added at the end. */
export function placeWidget(widgets: Widget[], widget: Widget, index?: number): Widget[] {
  return index === undefined
    ? [...widgets, widget]
    : widgets.map((existing, i) => (i === index ? widget : existing));
}

/** The widgets without the one at `index`. */
export function withoutWidget(widgets: Widget[], index: number): Widget[] {
  return widgets.filter((_, i) => i !== index);
}

/**
 * The overview page's state: the project's dashboards, the one shown (picked, else the first,
 * which is the default), its date range (its preset until the user picks another), the open
 * dashboard and widget forms, and the saves, each toasted and closing its form once done.
 */
export function useOverviewEditor() {
  const { t } = useTranslation();
  const { message } = App.useApp();
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
    const filters = dashboardFilters(
      values,
      current && dashboardModal === 'edit' ? current.filters : undefined,
    );
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

  return {
    overviews,
    error,
    isLoading,
    current,
    select: setSelectedId,
    today,
    range,
    pickRange(next: DateRange) {
      if (current) setPicked({ id: current.id, range: next });
    },
    saving,
    dashboardModal,
    setDashboardModal,
    saveDashboard,
    makeDefault(overview: Overview) {
      void run(() => update(overview, { isDefault: true }), 'analysis:dashboard.madeDefault');
    },
    removeDashboard(overview: Overview) {
      void run(() => remove(overview), 'common:deleted').then(() => setSelectedId(undefined));
    },
    widgetModal,
    setWidgetModal,
    /** The widget open in the widget form, undefined when adding one. */
    editing: widgetModal?.index === undefined ? undefined : current?.widgets[widgetModal.index],
    saveWidget(widget: Widget) {
      if (!current) return;
      void saveWidgets(current, placeWidget(current.widgets, widget, widgetModal?.index), 'common:saved');
    },
    removeWidget(overview: Overview, index: number) {
      void saveWidgets(overview, withoutWidget(overview.widgets, index), 'analysis:widget.removed');
    },
  };
}
