import { useMemo } from 'react';
import { Card, Col, Empty, Row, Table, Typography } from 'antd';
import type { G2Spec } from '@antv/g2';
import { useTranslation } from 'react-i18next';
import { G2Chart } from '../../../charts/G2Chart';
import { formatNumber } from '../../../charts/formatNumber';
import { TrendChart } from '../../linkAnalytics/TrendChart';
import type { DiceReport } from '../reportTypes';
import { ExportButton } from './ExportButton';
import { ReportFigures } from './ReportFigures';
import { countColumn, TaskTitle, type Label } from './reportColumns';

/** Players by the laps they went round, as bars. */
function lapsSpec(laps: DiceReport['laps']): G2Spec {
  return {
    type: 'interval',
    data: laps,
    encode: { x: 'bucket', y: 'players' },
    axis: {
      x: { title: false },
      y: { title: false, labelFormatter: (value: number) => formatNumber(value) },
    },
    tooltip: { items: [{ channel: 'y', valueFormatter: (value: number) => formatNumber(value) }] },
  };
}

/** Per prize cell: how often a roll ended there, and the prize was given or not. */
function DiceCellsTable({
  dice,
  prizeNames,
  r,
}: {
  dice: DiceReport;
  prizeNames: Record<string, string>;
  r: Label;
}) {
  type Cell = DiceReport['cells'][number];
  return (
    <Table<Cell>
      size="small"
      rowKey={(cell) => `${cell.index}:${cell.prizeId}`}
      pagination={false}
      title={() => r('cells', { size: dice.boardSize })}
      dataSource={dice.cells}
      locale={{ emptyText: r('noCells') }}
      columns={[
        { title: r('cell'), dataIndex: 'index', render: (index: number) => r('cellN', { index }) },
        { title: r('prize'), dataIndex: 'prizeId', render: (id: string) => prizeNames[id] ?? id },
        countColumn<Cell>(r('landed'), 'landed'),
        countColumn<Cell>(r('won'), 'won'),
        countColumn<Cell>(r('notGiven'), 'notGiven'),
      ]}
    />
  );
}

/** The dice each task granted, after the dice every player starts with. */
function DiceTasksTable({ dice, r }: { dice: DiceReport; r: Label }) {
  type Task = DiceReport['tasks'][number];
  return (
    <Table<Task>
      size="small"
      rowKey="id"
      pagination={false}
      title={() => r('tasks', { count: dice.initialDice })}
      dataSource={dice.tasks}
      locale={{ emptyText: r('noTasks') }}
      columns={[
        {
          title: r('task'),
          key: 'task',
          render: (_, task) => <TaskTitle title={task.title} event={task.event} />,
        },
        countColumn<Task>(r('completions'), 'completions'),
        countColumn<Task>(r('diceGranted'), 'dice'),
      ]}
    />
  );
}

/**
 * A dice board: players and rolls (in all and per day), players by the laps they went round, and
 * per prize cell how often a roll ended there and the prize was given or not (out of stock, over
 * budget); the dice each task granted.
 */
export function DiceReportCard({
  dice,
  prizeNames,
  exportUrl,
}: {
  dice: DiceReport;
  /** Prize names by id (the campaign's prizes). */
  prizeNames: Record<string, string>;
  exportUrl: string;
}) {
  const { t } = useTranslation();
  const r: Label = (key, params) => t(`campaigns:report.dice.${key}`, params);
  const spec = useMemo(() => lapsSpec(dice.laps), [dice.laps]);
  const rollsName = r('rolls');
  const playersName = r('players');
  const lines = useMemo(
    () => [
      { name: rollsName, points: dice.days.map((d) => ({ time: d.date, value: d.rolls })) },
      { name: playersName, points: dice.days.map((d) => ({ time: d.date, value: d.players })) },
    ],
    [dice.days, rollsName, playersName],
  );
  const figures: [string, number][] = [
    ['players', dice.players],
    ['rolls', dice.rolls],
    ['wins', dice.outcomes.win],
    ['notGiven', dice.outcomes.outOfStock + dice.outcomes.overBudget],
    ['diceGranted', dice.diceGranted],
  ];
  return (
    <Card title={r('title')} extra={<ExportButton url={exportUrl} />} data-testid="report-dice">
      {dice.rolls === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={r('none')} />
      ) : (
        <>
          <ReportFigures figures={figures} label={(key) => r(key)} />
          <Row gutter={[24, 16]} style={{ marginTop: 16 }}>
            <Col xs={24} lg={12}>
              <Typography.Title level={5}>{r('perDay')}</Typography.Title>
              <TrendChart label={r('perDay')} height={240} lines={lines} />
            </Col>
            <Col xs={24} lg={12}>
              <Typography.Title level={5}>{r('laps')}</Typography.Title>
              <G2Chart
                spec={spec}
                height={240}
                label={r('laps')}
                loadFailedText={t('analytics:chartFailed')}
                testId="report-dice-laps"
              />
            </Col>
          </Row>
          <Row gutter={[24, 16]} style={{ marginTop: 16 }}>
            <Col xs={24} lg={14}>
              <DiceCellsTable dice={dice} prizeNames={prizeNames} r={r} />
            </Col>
            <Col xs={24} lg={10}>
              <DiceTasksTable dice={dice} r={r} />
            </Col>
          </Row>
        </>
      )}
    </Card>
  );
}
