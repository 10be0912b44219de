import { useMemo } from 'react';
import { Card, Empty, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TrendChart } from '../../linkAnalytics/TrendChart';
import type { TaskReport } from '../reportTypes';
import { ExportButton } from './ExportButton';
import { countColumn, TaskTitle } from './reportColumns';

const number = new Intl.NumberFormat();
type Task = TaskReport['tasks'][number];

/** `part` as a share of `whole`, one decimal; a dash when there is no whole. */
const rate = (part: number, whole: number) =>
  whole === 0 ? '-' : `${Math.round((part / whole) * 1000) / 10}%`;

/** A figure with its conversion from the previous step of the funnel. */
function Step({ value, of }: { value: number; of: number }) {
  return (
    <>
      {number.format(value)}{' '}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        ({rate(value, of)})
      </Typography.Text>
    </>
  );
}

/**
 * A task center or super task: per task the funnel joined -> started (progress or a completion)
 * -> completed at least once with the conversion of each step, completions (from the app's events
 * or the page), prizes given or out of stock, chances granted; and completions per day.
 */
export function TaskReportCard({ tasks, exportUrl }: { tasks: TaskReport; exportUrl: string }) {
  const { t } = useTranslation();
  const r = (key: string, params?: Record<string, unknown>) => t(`campaigns:report.tasks.${key}`, params);
  const completionsName = r('completions');
  const participantsName = r('participantsPerDay');
  const lines = useMemo(
    () => [
      { name: completionsName, points: tasks.days.map((d) => ({ time: d.date, value: d.completions })) },
      { name: participantsName, points: tasks.days.map((d) => ({ time: d.date, value: d.participants })) },
    ],
    [tasks.days, completionsName, participantsName],
  );
  const nothing = tasks.tasks.every((task) => task.started === 0);
  return (
    <Card title={r('title')} extra={<ExportButton url={exportUrl} />} data-testid="report-tasks">
      {nothing ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={r('none')} />
      ) : (
        <>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={tasks.tasks}
            columns={[
              {
                title: r('task'),
                key: 'task',
                render: (_, task) => <TaskTitle title={task.title} event={task.event} />,
              },
              countColumn<Task>(r('joined'), 'joined'),
              {
                title: r('started'),
                key: 'started',
                align: 'right',
                render: (_, task) => <Step value={task.started} of={task.joined} />,
              },
              {
                title: r('completed'),
                key: 'completed',
                align: 'right',
                render: (_, task) => <Step value={task.completed} of={task.started} />,
              },
              {
                title: r('overall'),
                key: 'overall',
                align: 'right',
                render: (_, task) => rate(task.completed, task.joined),
              },
              {
                title: r('completions'),
                key: 'completions',
                align: 'right',
                render: (_, task) => (
                  <>
                    {number.format(task.completions)}
                    <br />
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {r('sources', {
                        sdk: task.bySource.sdk,
                        server: task.bySource.server,
                        page: task.bySource.page,
                      })}
                    </Typography.Text>
                  </>
                ),
              },
              {
                title: r('rewarded'),
                key: 'rewarded',
                align: 'right',
                render: (_, task) => number.format(task.byOutcome.rewarded),
              },
              {
                title: r('notGiven'),
                key: 'notGiven',
                align: 'right',
                render: (_, task) => number.format(task.byOutcome.outOfStock + task.byOutcome.overBudget),
              },
              countColumn<Task>(r('chances'), 'chances'),
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {r('perDay')}
          </Typography.Title>
          <TrendChart label={r('perDay')} height={240} lines={lines} />
        </>
      )}
    </Card>
  );
}
